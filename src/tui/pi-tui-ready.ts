/**
 * Resolves once pi-tui's modules that the terminal form uses are loaded and its names usable.
 *
 * Here they are imported with the form (statically), so this resolves at once. The CLI bundle
 * replaces this module (scripts/pi-tui-parts.ts): there pi-tui is loaded only when this is
 * called, which lets `askuser ask` draw the form's first frame before pi-tui is read at all.
 */
export async function piTuiReady(): Promise<void> {}
