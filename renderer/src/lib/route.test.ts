import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from './route';

describe('routes', () => {
  it('reads the app’s own #c=&m= address', () => {
    expect(parseRoute('#c=codex_abc&m=12')).toEqual({ id: 'codex_abc', message: 12 });
    expect(parseRoute('#c=codex_abc')).toEqual({ id: 'codex_abc', message: undefined });
    expect(parseRoute('#c=codex_abc&m=x')).toEqual({ id: 'codex_abc', message: undefined });
    expect(parseRoute('')).toEqual({ id: undefined, message: undefined });
  });

  it('reads #/conversation/<id>, as `dejavu open` prints it', () => {
    expect(parseRoute('#/conversation/claude-code_98ce4f1c')).toEqual({ id: 'claude-code_98ce4f1c', message: undefined });
    expect(parseRoute('#/conversation/a%2Eb.sidechain-1/')).toEqual({ id: 'a.b.sidechain-1', message: undefined });
    expect(parseRoute('#/conversation/codex_x?m=4')).toEqual({ id: 'codex_x', message: 4 });
    expect(parseRoute('#/conversation/%E0%A4%A')).toEqual({});
    expect(parseRoute('#/conversation/')).toEqual({ id: undefined, message: undefined });
  });

  it('writes #c=&m=', () => {
    expect(formatRoute({ id: 'codex_x', message: 3 })).toBe('#c=codex_x&m=3');
    expect(formatRoute({})).toBe('');
  });
});
