import { useMemo } from 'react';
import { App } from 'antd';

export interface Notify {
  error: (text: string) => void;
  success: (text: string) => void;
  info: (text: string) => void;
}

/** Toasts through antd's App context, so they follow the theme. */
export function useNotify(): Notify {
  const { message } = App.useApp();
  return useMemo(
    () => ({
      error: (text) => void message.error(text),
      success: (text) => void message.success(text),
      info: (text) => void message.info(text),
    }),
    [message],
  );
}
