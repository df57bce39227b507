import { describe, expect, it } from 'vitest';
import { parseToolOutput } from './tool-output';

describe('parseToolOutput', () => {
  it('reads Codex’s wrapper lines into facts and keeps only the output', () => {
    const r = parseToolOutput('Chunk ID: 979bfd\nWall time: 0.5417 seconds\nProcess exited with code 0\nOriginal token count: 143\nOutput:\nSwitched to branch \'main\'\n');
    expect(r).toEqual({ output: "Switched to branch 'main'\n", exitCode: 0, wallSeconds: 0.5417, running: undefined });
    expect(parseToolOutput('Chunk ID: 94c2d6\nWall time: 0.0000 seconds\nProcess exited with code 1\nOriginal token count: 0\nOutput:\n')).toMatchObject({ output: '', exitCode: 1 });
    expect(parseToolOutput('Chunk ID: 1\nWall time: 5 seconds\nProcess running with session ID 7\nOriginal token count: 0\nOutput:\n')).toMatchObject({ running: true, exitCode: undefined });
  });

  it('reads the older forms: Exit code lines, and JSON with metadata', () => {
    expect(parseToolOutput('Exit code: 2\nWall time: 0 seconds\nOutput:\nboom')).toMatchObject({ output: 'boom', exitCode: 2 });
    expect(parseToolOutput('Exit code: 0\nWall time: 0 seconds\n')).toMatchObject({ output: '', exitCode: 0 });
    expect(parseToolOutput(JSON.stringify({ output: 'total 124\n', metadata: { exit_code: 0, duration_seconds: 0.1 } }))).toEqual({ output: 'total 124\n', exitCode: 0, wallSeconds: 0.1 });
  });

  it('leaves any other output as it is', () => {
    for (const s of ['Exit code: 0 was printed by my script\nand more', 'plain output', '{"output": 3}', 'Wall time: 3 seconds\nnot the wrapper']) expect(parseToolOutput(s)).toEqual({ output: s });
  });
});
