import type { IpcMainInvokeEvent } from 'electron';
import { type IpcSender, isTrustedSender, type TrustedWindow } from './trust-policy.js';

/** Electron's event reduced to the facts trust-policy.ts decides on. */
export function describeSender(event: IpcMainInvokeEvent): IpcSender {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame?.url,
    isMainFrame: frame !== null && frame === event.sender.mainFrame,
  };
}

/** Throws (so the page's invoke() rejects) unless the message comes from one of our own windows' top frame. */
export function assertTrustedSender(event: IpcMainInvokeEvent, trusted: readonly TrustedWindow[]): void {
  if (!isTrustedSender(describeSender(event), trusted)) throw new Error('IPC refused: unknown sender');
}
