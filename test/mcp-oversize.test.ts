/**
 * A JSON-RPC line too long for `dejavu mcp` to take (over 10 MiB) is answered with an error for
 * that request and said on stderr; the server keeps serving the requests after it.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from './live-home';
import { send, startMcp } from './mcp-process';

describe('dejavu mcp given a line it cannot take', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill();
  });

  it('answers that request with an error and keeps serving the next ones', async () => {
    const mcp = startMcp();
    child = mcp.child;
    send(child, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
    expect((await mcp.next(1)).result).toMatchObject({ serverInfo: { name: 'dejavu' } });
    send(child, { jsonrpc: '2.0', method: 'notifications/initialized' });
    // 11 MiB of query in one request line.
    send(child, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_conversations', arguments: { query: 'x'.repeat(11 * 1024 * 1024) } } });
    send(child, { jsonrpc: '2.0', id: 3, method: 'tools/list' });

    const tooBig = await mcp.next(2);
    expect(tooBig.error?.code).toBe(-32600);
    expect(tooBig.error?.message).toMatch(/^request too large \(11\.0 MiB; a message may take at most 10 MiB\): it was not read$/);
    const tools = await mcp.next(3);
    expect(tools.result?.tools?.map((t) => t.name)).toContain('search_conversations');
    // Said on stderr, a pipe of its own: its line may come in after the replies on stdout.
    await until(() => /dejavu mcp: ignored a message of more than 10 MiB \(request id 2, 11\.0 MiB\)/.test(mcp.stderr()), 10_000, 'the oversized message named on stderr');
    expect(child.exitCode).toBeNull();
  });

  it('answers a line that is not JSON with a parse error and goes on', async () => {
    const mcp = startMcp();
    child = mcp.child;
    child.stdin!.write('{"jsonrpc": "2.0", "id": 7, "method": \n');
    send(child, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
    expect((await mcp.next(1)).result).toMatchObject({ serverInfo: { name: 'dejavu' } });
    expect(mcp.replies[0]).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^parse error: /) } });
  });
});
