import { describe, expect, it } from 'vitest';
import { injectedKind } from './injected';

/**
 * Context Codex injects as `user` messages. The tag shapes are those openai/codex writes
 * (codex-rs/protocol items.rs: a Stop hook's `<hook_prompt hook_run_id="…">`; the goal's
 * `<codex_internal_context source="goal">`); no real rollout among the fixtures holds them.
 */
describe('injected context', () => {
  it('knows a wrapped block by its tag, with or without attributes', () => {
    expect(injectedKind('<hook_prompt hook_run_id="stop:0:/home/x/.codex/hooks.json">Run the tests before you stop.</hook_prompt>')).toBe('hook-prompt');
    expect(injectedKind('<hook_prompt hook_run_id="a">one</hook_prompt>\n<hook_prompt hook_run_id="b">two</hook_prompt>')).toBe('hook-prompt');
    expect(injectedKind('<codex_internal_context source="goal">\nContinue working toward the active thread goal.\n</codex_internal_context>')).toBe('codex-internal-context');
    expect(injectedKind('<goal_context>\nContinue working toward the active thread goal.\n</goal_context>')).toBe('goal-context');
    expect(injectedKind('<permissions instructions>\nsandbox…\n</permissions instructions>')).toBe('permissions');
  });

  it('leaves what a person types as typed', () => {
    expect(injectedKind('<b>why</b> does this fail?')).toBeUndefined();
    expect(injectedKind('<hook_prompt hook_run_id="x">not closed')).toBeUndefined();
    expect(injectedKind('fix <div class="a">this</div>')).toBeUndefined();
    expect(injectedKind('<div class=a>unquoted</div>')).toBeUndefined();
    // Pasted markup with attributes is not Codex's: its tags are snake_case.
    expect(injectedKind('<div class="card">\n  <p>why is this not centred?</p>\n</div>')).toBeUndefined();
    expect(injectedKind('<svg viewBox="0 0 10 10"><circle r="4"/></svg>')).toBeUndefined();
  });
});
