/**
 * The `say` / `ask` kinds Cline (and its forks Roo Code / Kilo Code) write into
 * ui_messages.json, grouped by what the normalized record makes of them. Taken from
 * `ClineSay` / `ClineAsk` in cline/cline `apps/vscode/src/shared/ExtensionMessage.ts`
 * (Aug 2026) plus kinds only older releases or the forks write.
 */

/** Invocations of a tool; the entry's `text` holds the call (JSON or the command line). */
export const TOOL_KINDS = new Set(['tool', 'command', 'use_mcp_server', 'browser_action_launch', 'browser_action']);

/** Kinds whose entry is the result of the latest tool call of a matching kind. */
export const RESULT_FOR: Readonly<Record<string, readonly string[]>> = {
  command_output: ['command'],
  mcp_server_response: ['use_mcp_server'],
  browser_action_result: ['browser_action_launch', 'browser_action'],
};

/** Harness notices shown in the task: system messages with a kind (entry kind → record kind). */
export const SYSTEM_KINDS: Readonly<Record<string, string>> = {
  api_req_failed: 'api-error',
  error: 'error',
  diff_error: 'diff-error',
  clineignore_error: 'clineignore-error',
  command_permission_denied: 'permission-denied',
  mistake_limit_reached: 'mistake-limit',
  auto_approval_max_req_reached: 'auto-approval-limit',
  api_req_retried: 'api-retry',
  api_req_retry_delayed: 'api-retry',
  error_retry: 'api-retry',
  api_req_deleted: 'api-request-deleted',
  deleted_api_reqs: 'api-request-deleted',
  resume_task: 'resume',
  resume_completed_task: 'resume',
  checkpoint_created: 'checkpoint',
  checkpoint_saved: 'checkpoint',
  task_progress: 'task-progress',
  shell_integration_warning: 'warning',
  shell_integration_warning_with_suggestion: 'warning',
  info: 'info',
  load_mcp_documentation: 'mcp-documentation',
  mcp_server_request_started: 'mcp-request-started',
  mcp_notification: 'mcp-notification',
  hook_status: 'hook',
  hook_output_stream: 'hook',
  hook: 'hook',
  conditional_rules_applied: 'rules-applied',
  compaction: 'compaction',
  condense: 'compaction',
  condense_context: 'compaction',
  summarize_task: 'compaction',
  new_task: 'new-task',
  new_task_started: 'new-task',
  report_bug: 'report-bug',
  use_subagents: 'subagents',
  subagent: 'subagents',
  subagent_usage: 'subagents',
  api_req_finished: 'api-request-finished',
  user_feedback_diff: 'user-edit',
  completion_result_ask: 'completion-prompt',
  codebase_search_result: 'search-result',
  user_edit_todos: 'user-edit',
  too_many_tools_warning: 'warning',
  rooignore_error: 'clineignore-error',
  image: 'image',
  checkpoint_restored: 'checkpoint',
  generate_image: 'image',
};

/** Every kind this parser knows; anything else is kept as a generic message and warned about once. */
export const KNOWN_KINDS = new Set([
  'task',
  'text',
  'reasoning',
  'user_feedback',
  'completion_result',
  'plan_completion_result',
  'followup',
  'plan_mode_respond',
  'act_mode_respond',
  'api_req_started',
  ...TOOL_KINDS,
  ...Object.keys(RESULT_FOR),
  ...Object.keys(SYSTEM_KINDS),
]);
