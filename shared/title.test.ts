import { describe, expect, it } from 'vitest';
import { displayTitle } from './title';

describe('displayTitle', () => {
  it('drops Markdown and harness markers from titles taken from real first prompts', () => {
    expect(displayTitle({ title: '# Task: Brainstorm a no-force-push merge-conflict resolution workflow for Agent…', nativeId: 'x' })).toBe(
      'Brainstorm a no-force-push merge-conflict resolution workflow for Agent…',
    );
    expect(displayTitle({ title: '## 任務：將專案描述中的 "Vibe Coding Tracker" 改為 "Vibe Code Tracker" 並更新文檔 ### 操作內容： 1. *…', nativeId: 'x' })).toBe(
      '將專案描述中的 "Vibe Coding Tracker" 改為 "Vibe Code Tracker" 並更新文檔 操作內容： 1. *…',
    );
    expect(displayTitle({ title: '[[ ## user_query ## ]] fix the flaky test', nativeId: 'x' })).toBe('fix the flaky test');
    expect(displayTitle({ title: 'is there an easy fix for the release please pr not starting ci until I `kick th…', nativeId: 'x' })).toBe(
      'is there an easy fix for the release please pr not starting ci until I kick th…',
    );
  });

  it('keeps what is not a marker, and falls back to the id', () => {
    expect(displayTitle({ title: 'C# and #hashtags stay', nativeId: 'x' })).toBe('C# and #hashtags stay');
    expect(displayTitle({ nativeId: 'abc-123' })).toBe('abc-123');
    expect(displayTitle({ title: '###', nativeId: 'abc' })).toBe('###');
  });
});
