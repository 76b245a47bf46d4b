/**
 * Test helper (not part of the package): runs the Google Gen AI SDK (`@google/genai` pinned
 * devDependency) against a stub Gemini API on 127.0.0.1, so the importer tests read the
 * conversation the SDK really keeps. Two runs: a chat whose tools the test code runs itself,
 * sending the `functionResponse` parts back with `chat.sendMessage` (`chat.getHistory()`), and
 * `ai.models.generateContent` with the SDK's automatic function calling through `mcpToTool` (the
 * response's `automaticFunctionCallingHistory`, the function responses written by the SDK).
 * No network: the stub answers each request with the next scripted reply.
 */
import { GoogleGenAI, mcpToTool, ToolType, type FunctionCall, type Part } from '@google/genai';
import {
  ServerSentEvents,
  withJsonStub,
  type StubRequest,
} from '../../test/support/stub-server.js';

/** One scripted reply: the parts of the model's content. */
type Reply = readonly Part[];

/**
 * The model's replies in the chat: two calls in one turn, then one, then the answer. The calls
 * carry ids, as the Gemini 3 models give them.
 */
export const GEMINI_CHAT_REPLIES: readonly Reply[] = [
  [
    { text: 'Checking both.' },
    { functionCall: { id: 'fc_1', name: 'get_weather', args: { city: 'Paris' } } },
    { functionCall: { id: 'fc_2', name: 'get_time', args: { tz: 'Europe/Paris' } } },
  ],
  [{ functionCall: { id: 'fc_3', name: 'get_weather', args: { city: 'Oslo' } } }],
  [{ text: 'Sunny in Paris; no data for Oslo.' }],
];

/**
 * The model's replies under automatic function calling: the same calls without ids (as the Gemini
 * 2.x models give them), two of them to the same tool in one turn.
 */
export const GEMINI_AFC_REPLIES: readonly Reply[] = [
  [
    { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
    { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
  ],
  [{ functionCall: { name: 'get_time', args: { tz: 'Europe/Paris' } } }],
  [{ text: 'Sunny in Paris, 12:00; no data for Oslo.' }],
];

export const OSLO_ERROR = 'no weather data for Oslo';

/** The tools both runs have: `get_weather` throws for Oslo. */
export function runTool(name: string, args: Record<string, unknown>): unknown {
  if (name === 'get_weather') {
    if (args['city'] === 'Oslo') throw new Error(OSLO_ERROR);
    return { tempC: 21, city: args['city'] };
  }
  if (name === 'get_time') return `12:00 ${String(args['tz'])}`;
  throw new Error(`no tool ${name}`);
}

const DECLARATIONS = [
  {
    name: 'get_weather',
    description: 'The weather in a city',
    parametersJsonSchema: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
  },
  {
    name: 'get_time',
    description: 'The time in a time zone',
    parametersJsonSchema: { type: 'object', properties: { tz: { type: 'string' } } },
  },
];

const USAGE = { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 };

/**
 * A reply as `:streamGenerateContent?alt=sse` streams it: one chunk per part (a text part in two
 * fragments, as the model streams text), each a `GenerateContentResponse` of the reply's
 * `responseId`; the last chunk carries the `finishReason` and the usage. Function calls come
 * whole, one part a chunk (the Gemini API streams no partial arguments). `cut`: the number of
 * chunks the server sends before the connection drops (no `finishReason` then).
 */
export function geminiStreamChunks(reply: Reply, n: number, cut?: number): ServerSentEvents {
  const parts = reply.flatMap((p) =>
    typeof p.text === 'string' && p.text.length > 1
      ? [
          { ...p, text: p.text.slice(0, Math.ceil(p.text.length / 2)) },
          { ...p, text: p.text.slice(Math.ceil(p.text.length / 2)) },
        ]
      : [p],
  );
  const chunks = (parts.length > 0 ? parts : [{ text: '' }]).map((part, i, all) => {
    const last = i === all.length - 1;
    return {
      candidates: [
        {
          content: { role: 'model', parts: [part] },
          ...(last ? { finishReason: 'STOP' } : {}),
          index: 0,
        },
      ],
      ...(last ? { usageMetadata: USAGE } : {}),
      modelVersion: 'gemini-stub',
      responseId: `resp-${n}`,
    };
  });
  return new ServerSentEvents(chunks.slice(0, cut).map((c) => [null, c] as const));
}

/**
 * A stub Gemini API answering `generateContent` (JSON) or `streamGenerateContent` (server-sent
 * events, `geminiStreamChunks`) with `replies` in turn, and the requests it got; `cut` cuts the
 * stream of the last reply after that many chunks.
 */
function withStub<T>(
  replies: readonly Reply[],
  run: (ai: GoogleGenAI, requests: readonly StubRequest[]) => Promise<T>,
  cut?: number,
  sent: string[] = [],
): Promise<T> {
  return withJsonStub(
    (request, i) => {
      if (request.url.includes(':streamGenerateContent')) {
        const s = geminiStreamChunks(
          replies[i] ?? [],
          i + 1,
          i === replies.length - 1 ? cut : undefined,
        );
        sent.push(s.text);
        return s;
      }
      return {
        candidates: [
          {
            content: { role: 'model', parts: replies[i] ?? [] },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: USAGE,
        modelVersion: 'gemini-stub',
        responseId: `resp-${i + 1}`,
      };
    },
    (stub) => {
      const ai = new GoogleGenAI({
        apiKey: 'stub-key',
        httpOptions: { baseUrl: stub.origin, retryOptions: { attempts: 1 } },
      });
      return run(ai, stub.requests);
    },
  );
}

/** What the chat run left. */
export interface GeminiChatRun {
  /** `chat.getHistory()` after the answer, as JSON text. */
  readonly historyJson: string;
  /** The body of the SDK's last request (`{contents, tools, …}`), as sent. */
  readonly lastRequest: string;
}

/**
 * A chat with two function declarations: the test code runs each call the model asks for and
 * sends a `functionResponse` part per call, with the call's id, `{output}` for what the tool
 * returned and `{error}` for a tool that threw (the convention the API documents).
 */
export async function runGeminiChat(): Promise<GeminiChatRun> {
  return withStub(GEMINI_CHAT_REPLIES, async (ai, requests) => {
    const chat = ai.chats.create({
      model: 'gemini-stub',
      config: { tools: [{ functionDeclarations: DECLARATIONS }] },
    });
    let response = await chat.sendMessage({
      message: 'Weather and time in Paris, and the weather in Oslo?',
    });
    while (response.functionCalls !== undefined && response.functionCalls.length > 0) {
      const parts: Part[] = response.functionCalls.map((call: FunctionCall) => {
        let answer: Record<string, unknown>;
        try {
          answer = { output: runTool(call.name!, call.args ?? {}) };
        } catch (e) {
          answer = { error: (e as Error).message };
        }
        return { functionResponse: { id: call.id, name: call.name, response: answer } };
      });
      response = await chat.sendMessage({ message: parts });
    }
    return { historyJson: JSON.stringify(chat.getHistory()), lastRequest: requests.at(-1)!.body };
  });
}

/**
 * The part of an MCP client `mcpToTool` uses (`listTools`, `callTool`), over `runTool`: a tool
 * that throws gives an `isError` result.
 */
function mcpClient(): Parameters<typeof mcpToTool>[0] {
  const client = {
    listTools: () =>
      Promise.resolve({
        tools: DECLARATIONS.map((d) => ({
          name: d.name,
          description: d.description,
          inputSchema: d.parametersJsonSchema,
        })),
      }),
    callTool: ({
      name,
      arguments: args,
    }: {
      name: string;
      arguments?: Record<string, unknown>;
    }) => {
      try {
        const out = runTool(name, args ?? {});
        return Promise.resolve({ content: [{ type: 'text', text: JSON.stringify(out) }] });
      } catch (e) {
        return Promise.resolve({
          content: [{ type: 'text', text: (e as Error).message }],
          isError: true,
        });
      }
    },
  };
  return client as unknown as Parameters<typeof mcpToTool>[0];
}

const AFC_PROMPT = 'Weather in Paris and Oslo, and the time in Paris?';

/**
 * `ai.models.generateContent` with automatic function calling: the tools are an MCP client's
 * (`mcpToTool`), so the SDK itself writes the function responses (without ids; a tool's
 * `isError` result as `{error: …}`). Returns the `GenerateContentResponse` as JSON text.
 */
export async function runGeminiAfc(): Promise<string> {
  return withStub(GEMINI_AFC_REPLIES, async (ai) => {
    const response = await ai.models.generateContent({
      model: 'gemini-stub',
      contents: AFC_PROMPT,
      config: { tools: [mcpToTool(mcpClient())] },
    });
    return JSON.stringify(response);
  });
}

/** What `ai.models.generateContentStream` yielded, saved the three ways users save it. */
export interface GeminiStream {
  /** The chunks, in order. */
  readonly chunks: readonly unknown[];
  /** `JSON.stringify(chunks)`. */
  readonly json: string;
  /** One chunk a line. */
  readonly jsonl: string;
  /** The bodies the stub sent (`:streamGenerateContent?alt=sse`), one after another. */
  readonly sse: string;
}

/**
 * `ai.models.generateContentStream` over the stub, once per reply of `replies`, the chunks of
 * every call kept in order (`afc`: one call, with the MCP tools under automatic function
 * calling, which yields the SDK's function responses as a chunk of its own between the model's
 * turns). `cut`: the last reply's stream drops after that many chunks.
 */
export async function streamGemini(
  replies: readonly Reply[],
  { afc = false, cut }: { afc?: boolean; cut?: number } = {},
): Promise<GeminiStream> {
  const chunks: unknown[] = [];
  const bodies: string[] = [];
  await withStub(
    replies,
    async (ai) => {
      for (let i = 0; i < (afc ? 1 : replies.length); i++) {
        const stream = await ai.models.generateContentStream({
          model: 'gemini-stub',
          contents: AFC_PROMPT,
          config: afc
            ? { tools: [mcpToTool(mcpClient())] }
            : { tools: [{ functionDeclarations: DECLARATIONS }] },
        });
        for await (const chunk of stream) chunks.push(chunk);
      }
    },
    cut,
    bodies,
  );
  const sse = bodies.join('');
  return {
    chunks,
    json: JSON.stringify(chunks),
    jsonl: `${chunks.map((c) => JSON.stringify(c)).join('\n')}\n`,
    sse,
  };
}

/** One non-streamed `generateContent` call answering with `reply`: the response as JSON text. */
export async function generateGemini(reply: Reply): Promise<string> {
  return withStub([reply], async (ai) => {
    const response = await ai.models.generateContent({
      model: 'gemini-stub',
      contents: AFC_PROMPT,
      config: { tools: [{ functionDeclarations: DECLARATIONS }] },
    });
    return JSON.stringify(response);
  });
}

/**
 * Server-side tools (Google Search, URL context), with `includeServerSideToolInvocations`: the
 * model turn carries each `toolCall` the API ran and its `toolResponse`, then a `functionCall` of
 * the client's own, then (second turn) the answer.
 */
export const GEMINI_SERVER_REPLIES: readonly Reply[] = [
  [
    {
      toolCall: {
        id: 'srv_1',
        toolType: ToolType.GOOGLE_SEARCH_WEB,
        args: { queries: ['Paris weather today'] },
      },
    },
    {
      toolResponse: {
        id: 'srv_1',
        toolType: ToolType.GOOGLE_SEARCH_WEB,
        response: { results: [{ title: 'Paris forecast', uri: 'https://example.org/paris' }] },
      },
    },
    {
      toolCall: {
        id: 'srv_2',
        toolType: ToolType.URL_CONTEXT,
        args: { url: 'https://example.org/paris' },
      },
    },
    {
      toolResponse: {
        id: 'srv_2',
        toolType: ToolType.URL_CONTEXT,
        response: { status: 'fetched' },
      },
    },
    { functionCall: { id: 'fc_1', name: 'get_time', args: { tz: 'Europe/Paris' } } },
  ],
  [{ text: 'Sunny, 21 °C in Paris; it is noon there.' }],
];

/** A chat with Google Search, URL context and one function: `chat.getHistory()` as JSON text. */
export async function runGeminiServerTools(): Promise<string> {
  return withStub(GEMINI_SERVER_REPLIES, async (ai) => {
    const chat = ai.chats.create({
      model: 'gemini-stub',
      config: {
        tools: [{ googleSearch: {} }, { urlContext: {} }, { functionDeclarations: DECLARATIONS }],
        toolConfig: { includeServerSideToolInvocations: true },
      },
    });
    const response = await chat.sendMessage({ message: 'Weather and time in Paris?' });
    const parts: Part[] = (response.functionCalls ?? []).map((call: FunctionCall) => ({
      functionResponse: {
        id: call.id!,
        name: call.name!,
        response: { output: runTool(call.name!, call.args ?? {}) },
      },
    }));
    await chat.sendMessage({ message: parts });
    return JSON.stringify(chat.getHistory());
  });
}

/**
 * `candidateCount: 2`: the stub answers with two candidates, the first with `first`'s parts and
 * the second with `second`'s (an alternative reply), once not streamed (`generateContent`) and
 * once streamed (each chunk holds both candidates' next part, with its `index`). Returns the
 * response as JSON text and the chunks as a JSON array.
 */
export async function runGeminiTwoCandidates(
  first: Reply,
  second: Reply,
): Promise<{ response: string; stream: string }> {
  const candidates = (parts: readonly Part[], index: number, finish: boolean) => ({
    content: { role: 'model', parts },
    ...(finish ? { finishReason: 'STOP' } : {}),
    index,
  });
  const n = Math.max(first.length, second.length);
  return withJsonStub(
    (request) =>
      request.url.includes(':streamGenerateContent')
        ? new ServerSentEvents(
            Array.from({ length: n }, (_, i) => [
              null,
              {
                candidates: [
                  ...(i < first.length ? [candidates([first[i]!], 0, i === n - 1)] : []),
                  ...(i < second.length ? [candidates([second[i]!], 1, i === n - 1)] : []),
                ],
                modelVersion: 'gemini-stub',
                responseId: 'resp-1',
              },
            ]),
          )
        : {
            candidates: [candidates(first, 0, true), candidates(second, 1, true)],
            modelVersion: 'gemini-stub',
            responseId: 'resp-1',
          },
    async (stub) => {
      const ai = new GoogleGenAI({
        apiKey: 'stub-key',
        httpOptions: { baseUrl: stub.origin, retryOptions: { attempts: 1 } },
      });
      const params = {
        model: 'gemini-stub',
        contents: AFC_PROMPT,
        config: { candidateCount: 2, tools: [{ functionDeclarations: DECLARATIONS }] },
      };
      const response = JSON.stringify(await ai.models.generateContent(params));
      const chunks: unknown[] = [];
      for await (const c of await ai.models.generateContentStream(params)) chunks.push(c);
      return { response, stream: JSON.stringify(chunks) };
    },
  );
}
