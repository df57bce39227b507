/**
 * A small Cline task as `api_conversation_history.json` holds it, for the tests (no real file of
 * this kind is in the fixtures). It follows cline/cline's own writers: ClineStorageMessage
 * (`{role, content, ts?, modelInfo?}` with Anthropic blocks) and formatResponse, which wraps what
 * the person typed as `<task>`, `<feedback>`, `<answer>` or `<user_message>`.
 */
export const API_HISTORY = [
  {
    role: 'user',
    ts: 1760000000000,
    content: [
      { type: 'text', text: '<task>\nadd a README for the parser\n</task>' },
      { type: 'text', text: '<environment_details>\n# Current Working Directory (/home/ana/parser) Files\nsrc/\n</environment_details>' },
    ],
  },
  {
    role: 'assistant',
    ts: 1760000001000,
    modelInfo: { modelId: 'claude-sonnet-4-5', providerId: 'anthropic' },
    content: [
      { type: 'thinking', thinking: 'Look at the sources first.' },
      { type: 'text', text: 'I will read the source folder.' },
      { type: 'tool_use', id: 'toolu_01', name: 'list_files', input: { path: 'src' } },
    ],
  },
  {
    role: 'user',
    ts: 1760000002000,
    content: [
      { type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'text', text: 'parse.ts\nlex.ts' }] },
      { type: 'text', text: '<environment_details>\n# VSCode Open Tabs\n(No open tabs)\n</environment_details>' },
    ],
  },
  {
    role: 'assistant',
    ts: 1760000003000,
    content: [{ type: 'tool_use', id: 'toolu_02', name: 'attempt_completion', input: { result: 'README written.' } }],
  },
  {
    role: 'user',
    ts: 1760000004000,
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'toolu_02',
        content: [{ type: 'text', text: 'The user has provided feedback on the results. Consider their input to continue the task:\n<feedback>\nmention the lexer too\n</feedback>' }],
      },
    ],
  },
  { role: 'assistant', ts: 1760000005000, content: [{ type: 'text', text: 'Added a section on the lexer.' }] },
];
