/**
 * Recognises Gemini CLI files (the Gemini chat format, see the family's detect.ts). Files under
 * a `.qwen` folder are Qwen Code's (same legacy format) and left to that provider.
 */
import { isUnderQwen, looksLikeGeminiChat, looksLikeLogs } from '../kit/gemini-family/detect';
import type { DetectSample } from '../kit/provider';

export function detectGeminiCli(sample: DetectSample): boolean {
  if (isUnderQwen(sample.path)) return false;
  return looksLikeGeminiChat(sample.head) || looksLikeLogs(sample);
}
