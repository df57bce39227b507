/** Capture: run an agent whose threads live on a server (Amp) and archive its conversation live. */
export { AmpNotStartedError, type AmpCaptureOptions, type AmpCaptureResult, captureAmp } from '../capture/amp-capture';
