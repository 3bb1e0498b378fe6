/** The two dialogs of Pi's UI context the RPC fallback uses; Pi forwards them to the RPC client. */
export interface DialogPort {
  select(
    title: string,
    options: string[],
    opts?: { signal?: AbortSignal },
  ): Promise<string | undefined>;
  input(
    title: string,
    placeholder?: string,
    opts?: { signal?: AbortSignal },
  ): Promise<string | undefined>;
}
