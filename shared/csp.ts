/**
 * The renderer's Content-Security-Policy, the same in Electron and over HTTP: only the app's
 * own scripts and styles, images from the app or inline data (transcript screenshots), no
 * remote anything. Transcript content can never load or run code.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
