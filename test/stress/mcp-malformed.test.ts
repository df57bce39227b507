/**
 * `dejavu mcp` given JSON that is not a JSON-RPC request, an unknown method and an unknown
 * tool: each answered as an error, and the server keeps serving. (Oversized and unparsable
 * lines are in test/mcp-oversize.test.ts; unknown conversation ids in test/mcp.test.ts.)
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../live-home';
import { send, startMcp } from '../mcp-process';

describe('dejavu mcp given malformed requests', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill();
  });

  it('answers each with an error and goes on', async () => {
    const mcp = startMcp();
    child = mcp.child;
    send(child, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
    expect((await mcp.next(1)).result).toMatchObject({ serverInfo: { name: 'dejavu' } });
    send(child, { jsonrpc: '2.0', method: 'notifications/initialized' });

    send(child, { jsonrpc: '2.0', id: 2, method: 'no/such/method' });
    expect((await mcp.next(2)).error).toMatchObject({ code: -32601, message: expect.stringMatching(/method not found/i) });

    send(child, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'delete_everything', arguments: {} } });
    const unknownTool = await mcp.next(3);
    const unknownText = unknownTool.error?.message ?? unknownTool.result?.content?.[0]?.text ?? '';
    expect(unknownTool.result?.isError).toBe(true);
    expect(unknownText).toBe('MCP error -32602: Tool delete_everything not found');

    send(child, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'read_conversation', arguments: 'not an object' } });
    // Said as invalid params, in a sentence (the SDK answered an internal error holding its schema's issues as raw JSON).
    expect((await mcp.next(4)).error).toEqual({ code: -32602, message: 'invalid params: params.arguments: Invalid input: expected record, received string' });

    send(child, { jsonrpc: '2.0', id: 5, method: 'tools/call' }); // no params at all
    expect((await mcp.next(5)).error).toEqual({ code: -32602, message: 'invalid params: params: Invalid input: expected object, received undefined' });

    // JSON, but not JSON-RPC 2.0: answered as an invalid request (with its id when it has one).
    child.stdin!.write('{"hello":"world"}\n[1,2,3]\n"just a string"\n{"jsonrpc":"1.0","id":6,"method":"tools/list"}\n');
    const invalid = { code: -32600, message: 'invalid request: not a JSON-RPC 2.0 message' };
    expect(await mcp.next(6)).toEqual({ jsonrpc: '2.0', id: 6, error: invalid });
    expect(mcp.replies.filter((r) => r.id === null)).toEqual([0, 1, 2].map(() => ({ jsonrpc: '2.0', id: null, error: invalid })));
    // Said on stderr, a pipe of its own: its line may come in after the replies on stdout.
    await until(() => mcp.stderr().includes('dejavu mcp: ignored a message that is not JSON-RPC 2.0'), 10_000, 'the ignored message named on stderr');

    send(child, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
    const tools = await mcp.next(7);
    expect(tools.result?.tools?.map((t) => t.name)).toContain('search_conversations');
    expect(child.exitCode).toBeNull();
  });
});
