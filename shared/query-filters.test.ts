import { describe, expect, it } from 'vitest';
import { queryFilters, withoutFilter } from './query-filters';

describe('the filters a query names', () => {
  it('reads agent:, workspace: and in:tools as the controls show them', () => {
    expect(queryFilters('fix agent:codex workspace:"my app" in:tools')).toEqual({ agent: 'codex', workspace: 'my app', inTools: true });
    expect(queryFilters('agent:claude role:tool')).toEqual({ agent: 'claude-code', workspace: undefined, inTools: true });
    expect(queryFilters('plain words')).toEqual({ agent: undefined, workspace: undefined, inTools: false });
  });

  it('removes a filter when its control is changed', () => {
    expect(withoutFilter('fix agent:codex bug', 'agent')).toBe('fix bug');
    expect(withoutFilter('in:tools hash', 'in')).toBe('hash');
  });
});
