/**
 * Claude Code session transcripts: the JSON Lines file Claude Code (and the Claude Agent SDK,
 * which runs it) keeps for each session under `~/.claude/projects/<project>/<session>.jsonl`. One
 * record per line: `user` and `assistant` records carry an Anthropic Messages API `message`
 * (an assistant response is written one content block per record, the records of one response
 * sharing `message.id`), with the record's `uuid`, `parentUuid`, `timestamp` and `sessionId`;
 * other records (`summary`, `system`, `queue-operation`, `file-history-snapshot`, …) hold no call.
 *
 * One event per `tool_use` block (and server or MCP tool block) of an assistant record, at the
 * record's time; the `tool_result` block with the same `tool_use_id` in a later user record gives
 * its result, that record's `toolUseResult` (what the tool returned, structured: a command's
 * `stdout`/`stderr`, a file read) and the call's duration.
 *
 * The same records as the Agent SDK's `query()` yields them (`SDKMessage`, saved one per line; the
 * CLI's `--output-format stream-json`) have `session_id` and no time: there a record's position is
 * its time (0, 1, 2, … s), as in the other message-list formats. Worst case O(n log n) for n
 * records (one pass, a map from call id to call, then the sort by time).
 */
import { isPlainObject } from '../py/value.js';
import { CALL_BLOCKS, isResultBlock, resultMeta } from './anthropic-messages.js';
import { isoTimeAt, jsonLineRecords, parseByLines, type JsonLine } from './json.js';
import {
  dropTimeOutliers,
  ExactTime,
  relativeEvents,
  secondsBetween,
  type RawEvent,
} from './time.js';
import type { ImportContext, Importer, LineImport } from './types.js';
import { importValue } from './values.js';
import { countedKinds, noEventsError, warn } from './warnings.js';

/** Record types Claude Code writes (2.0); a first line of one of them, with its session, is a transcript. */
const RECORD_TYPES = new Set([
  'user',
  'assistant',
  'system',
  'summary',
  'queue-operation',
  'file-history-snapshot',
  'result',
]);

/** Whether `v` is a transcript record as the first line holds one. */
function isRecord(v: unknown): boolean {
  if (!isPlainObject(v) || typeof v['type'] !== 'string' || !RECORD_TYPES.has(v['type']))
    return false;
  return (
    typeof v['sessionId'] === 'string' ||
    typeof v['session_id'] === 'string' ||
    (v['type'] === 'summary' && typeof v['leafUuid'] === 'string') ||
    (v['type'] === 'file-history-snapshot' && isPlainObject(v['snapshot']))
  );
}

interface Call {
  readonly event: RawEvent;
  readonly meta: Record<string, unknown>;
  readonly time: ExactTime;
  readonly line: number;
}

function claudeCodeLines(ctx: ImportContext): LineImport {
  const calls: Call[] = [];
  const byId = new Map<string, Call>();
  // The first line of each API response (`message.id`): the calls of one response share it.
  const responseLine = new Map<string, number>();
  const counts = new Map<string, number>();
  let unpaired: { id: string; line: number; count: number } | undefined;
  // Records so far (the position of an SDK message), and whether records carry their time: decided
  // by the first user or assistant record (a transcript's have `timestamp`, SDK messages none).
  let position = -1;
  let timed: boolean | undefined;

  const onRecord = ({ value, line, where }: JsonLine) => {
    const record = where.object(value, 'a transcript record (an object)');
    const type = typeof record['type'] === 'string' ? record['type'] : 'untyped';
    counts.set(type, (counts.get(type) ?? 0) + 1);
    position++;
    if (type !== 'user' && type !== 'assistant') return;
    const message = where.at('message').object(record['message'], 'a message object');
    const content = message['content'];
    // A user prompt is a string; only arrays hold blocks.
    if (!Array.isArray(content)) return;
    timed ??= record['timestamp'] !== undefined || typeof record['session_id'] !== 'string';
    let time: ExactTime;
    if (timed) {
      time = isoTimeAt(where.at('timestamp'), record['timestamp']);
    } else {
      time = new ExactTime(BigInt(position), 0);
    }
    content.forEach((b, j) => {
      const bw = where.at('message', 'content', j);
      if (type === 'user') {
        if (!isResultBlock(b)) return;
        const call = byId.get(b['tool_use_id'] as string);
        // A call is answered once: a second result for it is unpaired too.
        if (call === undefined || 'result' in call.meta) {
          if (unpaired === undefined) unpaired = { id: b['tool_use_id'] as string, line, count: 0 };
          unpaired.count++;
          return;
        }
        Object.assign(call.meta, resultMeta(b, ctx));
        if (record['toolUseResult'] !== undefined)
          call.meta['toolUseResult'] = importValue(record['toolUseResult'], ctx);
        if (timed === true) call.meta['duration'] = secondsBetween(call.time, time);
        return;
      }
      const block = bw.object(b, 'a content block object');
      if (!CALL_BLOCKS.has(block['type'] as string)) return;
      const channel = bw.at('name').string(block['name']);
      const responseId = typeof message['id'] === 'string' ? message['id'] : `line ${line}`;
      if (!responseLine.has(responseId)) responseLine.set(responseId, line);
      const meta: Record<string, unknown> = { line, parallel_group: responseLine.get(responseId) };
      if (timed === false) meta['message'] = position;
      if (block['type'] !== 'tool_use') meta['blockType'] = block['type'];
      if (typeof block['server_name'] === 'string') meta['server_name'] = block['server_name'];
      if (typeof block['id'] === 'string' && block['id'] !== '') meta['callId'] = block['id'];
      if (typeof record['uuid'] === 'string') meta['uuid'] = record['uuid'];
      if (record['isSidechain'] === true) meta['sidechain'] = true;
      const event: RawEvent = {
        channel,
        time,
        value: importValue(block['input'] ?? null, ctx),
        meta,
      };
      const call = { event, meta, time, line };
      calls.push(call);
      if (typeof meta['callId'] === 'string') byId.set(meta['callId'], call);
    });
  };

  const records = jsonLineRecords(ctx.file, onRecord, ctx.mode);
  return {
    line: records.line,
    end() {
      records.end();
      if (unpaired !== undefined)
        warn(
          ctx,
          'unpaired-result',
          `${unpaired.count === 1 ? 'a tool result answers' : `${unpaired.count} tool results answer`} no earlier call (the first: ${JSON.stringify(unpaired.id)}): not read`,
          { line: unpaired.line },
        );
      if (calls.length === 0) {
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        throw noEventsError(
          `a Claude Code transcript of ${total} record${total === 1 ? '' : 's'} (${countedKinds(counts)}) and no tool calls`,
          ctx.file,
        );
      }
      const events = calls.map((c) => c.event);
      const kept = dropTimeOutliers(events, ctx, (k) => ({ line: calls[k]!.line }));
      return relativeEvents(kept, ctx.file);
    },
  };
}

/** `claude-code` importer: see `docs/importers.md`. */
export const claudeCodeImporter: Importer = {
  name: 'claude-code',
  description:
    'Claude Code session transcripts (~/.claude/projects/…/<session>.jsonl) and Agent SDK messages (stream-json): one event per tool call',
  detect(_text, first) {
    return isRecord(first) ? 1 : 0;
  },
  parse(text, ctx) {
    return parseByLines(text, claudeCodeLines(ctx));
  },
  lines: claudeCodeLines,
};
