/**
 * Test helper (not part of the package): runs the real Claude Code CLI (`@anthropic-ai/claude-code`
 * 2.0.30, pinned devDependency: its last JavaScript release that runs on Node 20) in print mode
 * against a stub Messages API on 127.0.0.1, so the importer tests read the session transcript
 * Claude Code itself wrote, and check it against what its tools really did. No network: the stub
 * streams each scripted reply as the API does (server-sent events); Claude Code's side requests
 * (warm-up, command-prefix checks) get a text reply.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  anthropicStreamEvents,
  type AnthropicBlock,
} from '../../test/support/anthropic-replies.js';
import { ServerSentEvents, withJsonStub } from '../../test/support/stub-server.js';

const CLI = createRequire(import.meta.url).resolve('@anthropic-ai/claude-code/cli.js');

export const PROMPT = 'Write hello to out.txt, then read it back and list the text files.';

/** The subagent session: the main agent hands a task to a subagent (`Task`), which runs a tool. */
export const SUBAGENT_PROMPT = 'Have a subagent count the text files.';
export const SUBAGENT_TASK = 'List the *.txt files here and say how many there are.';

/** The replies of the subagent session: to the main agent, and to the subagent it starts. */
export const SUBAGENT_REPLIES = {
  main: [
    [
      {
        type: 'tool_use',
        id: 'toolu_10',
        name: 'Task',
        input: {
          description: 'Count text files',
          prompt: SUBAGENT_TASK,
          subagent_type: 'general-purpose',
        },
      },
    ],
    [{ type: 'text', text: 'The subagent found no text files.' }],
  ],
  subagent: [
    [{ type: 'tool_use', id: 'toolu_11', name: 'Glob', input: { pattern: '*.txt' } }],
    [{ type: 'text', text: 'No text files.' }],
  ],
} as const satisfies Record<string, readonly (readonly Block[])[]>;

type Block = AnthropicBlock;

/**
 * The model's replies, one per turn of the main conversation: a command, then two calls in one
 * response (a read and a glob), then a read of a file that does not exist (the tool fails), then
 * the answer. `work` is the session's working directory.
 */
export function claudeCodeReplies(work: string): readonly (readonly Block[])[] {
  return [
    [
      { type: 'text', text: 'Writing the file.' },
      {
        type: 'tool_use',
        id: 'toolu_01',
        name: 'Bash',
        input: { command: 'echo hello > out.txt && cat out.txt', description: 'Write and show' },
      },
    ],
    [
      {
        type: 'tool_use',
        id: 'toolu_02',
        name: 'Read',
        input: { file_path: path.join(work, 'out.txt') },
      },
      { type: 'tool_use', id: 'toolu_03', name: 'Glob', input: { pattern: '*.txt' } },
    ],
    [
      {
        type: 'tool_use',
        id: 'toolu_04',
        name: 'Read',
        input: { file_path: path.join(work, 'missing.txt') },
      },
    ],
    [{ type: 'text', text: 'Done: out.txt holds hello.' }],
  ];
}

/** A reply as the Messages API streams it. */
function streamed(model: string, turn: number, content: readonly Block[]): ServerSentEvents {
  return new ServerSentEvents(
    anthropicStreamEvents(content, {
      id: `msg_stub_${turn}`,
      model,
      inputTokens: 5,
      outputTokens: 3,
      ping: false,
    }),
  );
}

/** The text of a message's content (a string, or its text blocks). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b: { type?: string; text?: string }) => (b.type === 'text' ? (b.text ?? '') : ''))
    .join('');
}

/** What a session left: its transcript, the working directory's files, the scripted replies. */
export interface ClaudeCodeRun {
  /** The session's transcript (`~/.claude/projects/<project>/<session id>.jsonl`), as written. */
  readonly transcript: string;
  /** Its path (in a temporary home, removed by `cleanup`). */
  readonly transcriptPath: string;
  /** The CLI's standard output with `--output-format stream-json`: the Agent SDK's messages. */
  readonly stream: string;
  readonly work: string;
  readonly replies: readonly (readonly Block[])[];
  /** `out.txt` as the session's command left it (`tools` session). */
  readonly outTxt: string | undefined;
  /** The subagents' transcripts (`agent-*.jsonl` beside the session's) that hold a tool call. */
  readonly agentTranscripts: readonly string[];
  cleanup(): void;
}

/**
 * Run one Claude Code session (`claude -p`) in a fresh home and working directory: `tools` (the
 * replies of `claudeCodeReplies`) or `subagent` (`SUBAGENT_REPLIES`).
 */
export async function runClaudeCode(kind: 'tools' | 'subagent' = 'tools'): Promise<ClaudeCodeRun> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-claude-'));
  const home = path.join(root, 'home');
  const work = path.join(root, 'work');
  fs.mkdirSync(home);
  fs.mkdirSync(work);
  const replies = kind === 'tools' ? claudeCodeReplies(work) : SUBAGENT_REPLIES.main;
  // Each conversation by the text of its first message: the main agent's, a subagent's.
  const scripts: ReadonlyArray<readonly [string, readonly (readonly Block[])[]]> =
    kind === 'tools'
      ? [[PROMPT, replies]]
      : [
          [SUBAGENT_PROMPT, replies],
          [SUBAGENT_TASK, SUBAGENT_REPLIES.subagent],
        ];
  try {
    const result = await withJsonStub(
      (request) => {
        if (!request.url.startsWith('/v1/messages')) return undefined;
        if (request.url.includes('count_tokens')) return { input_tokens: 10 };
        const body = JSON.parse(request.body || '{}') as {
          model?: string;
          stream?: boolean;
          messages?: Array<{ role: string; content: unknown }>;
        };
        const messages = body.messages ?? [];
        const first = textOf(messages[0]?.content);
        const script = scripts.find(([prompt]) => first.includes(prompt))?.[1];
        const turn = messages.filter((m) => m.role === 'assistant').length;
        const content = script
          ? (script[turn] ?? script.at(-1)!)
          : [{ type: 'text' as const, text: 'none' }];
        const reply = streamed(body.model ?? 'claude-stub', turn, content);
        if (body.stream === true) return reply;
        // A request that does not stream gets the message whole.
        return { ...(reply.events[0]![1] as { message: object }).message, content };
      },
      async (stub) => {
        const session = promisify(execFile)(
          process.execPath,
          // The tools the script calls are allowed up front (print mode asks no one).
          // stream-json: standard output is the session's messages as the Agent SDK's `query()`
          // yields them, one JSON object per line (`--verbose` is required with it).
          [
            CLI,
            '-p',
            kind === 'tools' ? PROMPT : SUBAGENT_PROMPT,
            '--allowedTools',
            'Bash,Read,Glob,Task',
            '--output-format',
            'stream-json',
            '--verbose',
          ],
          {
            cwd: work,
            timeout: 120_000,
            // Only what the session needs: no key, config or proxy of the machine's user.
            env: {
              PATH: process.env['PATH'] ?? '/usr/bin:/bin',
              HOME: home,
              ANTHROPIC_BASE_URL: stub.origin,
              ANTHROPIC_API_KEY: 'sk-stub',
              DISABLE_TELEMETRY: '1',
              DISABLE_AUTOUPDATER: '1',
              CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
            },
          },
        );
        // Print mode reads a prompt from standard input too: give it none.
        session.child.stdin?.end();
        const { stdout } = await session;
        const last = stdout.trimEnd().split('\n').at(-1) ?? '{}';
        return {
          stream: stdout,
          ...(JSON.parse(last) as { session_id: string; is_error: boolean; result: string }),
        };
      },
    );
    if (result.is_error) throw new Error(`the Claude Code session failed: ${result.result}`);
    const projects = path.join(home, '.claude', 'projects');
    const transcriptPath = fs
      .readdirSync(projects, { recursive: true, encoding: 'utf8' })
      .map((f) => path.join(projects, f))
      .find((f) => path.basename(f) === `${result.session_id}.jsonl`);
    if (transcriptPath === undefined)
      throw new Error(`no transcript of session ${result.session_id} under ${projects}`);
    return {
      transcript: fs.readFileSync(transcriptPath, 'utf8'),
      transcriptPath,
      stream: result.stream,
      work,
      replies,
      outTxt: fs.existsSync(path.join(work, 'out.txt'))
        ? fs.readFileSync(path.join(work, 'out.txt'), 'utf8')
        : undefined,
      agentTranscripts: fs
        .readdirSync(path.dirname(transcriptPath))
        .filter((f) => /^agent-.*\.jsonl$/.test(f))
        .map((f) => fs.readFileSync(path.join(path.dirname(transcriptPath), f), 'utf8'))
        .filter((t) => t.includes('"tool_use"')),
      cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
    };
  } catch (e) {
    fs.rmSync(root, { recursive: true, force: true });
    throw e;
  }
}
