import { useCallback, useState } from "react";

/**
 * A dialog opened again and again with different content (a form per item, say). Each opening
 * is a dialog of its own (render it with `key={openings.key}`): a click that opens the next one
 * while the last is still closing is, to the closing one, a click outside it, and Radix's
 * dismissal of it would otherwise close the new one (a tab made, "New tab" clicked at once).
 * What was shown stays until the next opening, so a closing dialog does not go blank.
 */
export function useDialogOpenings<T>() {
  const [state, setState] = useState<{ key: number; open: boolean; value: T | null }>({
    key: 0,
    open: false,
    value: null,
  });
  const show = useCallback((value: T) => setState((s) => ({ key: s.key + 1, open: true, value })), []);
  const { key } = state;
  const onOpenChange = useCallback(
    (open: boolean) => {
      if (!open) setState((s) => (s.key === key ? { ...s, open: false } : s));
    },
    [key],
  );
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { key, open: state.open, value: state.value, show, close, onOpenChange };
}
