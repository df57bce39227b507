/**
 * Commands for the renderer (open this conversation, find, export) that may arrive before it
 * listens: a `dejavu://` link that launched the app, a menu item during a reload. They wait here
 * until the renderer says it subscribed (and takes them), then go straight through.
 */
export class CommandMailbox<T> {
  private listening = false;
  private pending: T[] = [];

  /** Deliver now when the renderer listens, else keep it for when it does. */
  post(command: T, send: (command: T) => void): void {
    if (this.listening) send(command);
    else this.pending.push(command);
  }

  /** The renderer subscribed: it gets what waited, and later commands go straight to it. */
  drain(): T[] {
    this.listening = true;
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** The renderer is (re)loading: hold commands until it subscribes again. */
  reset(): void {
    this.listening = false;
  }
}
