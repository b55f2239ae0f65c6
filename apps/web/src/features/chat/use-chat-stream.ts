/**
 * Live chat updates: a server-sent event stream (CHAT_STREAM_PATH) after chatStreamAuth set its cookie. Each
 * event invalidates the chat queries; a new message from someone else also calls onIncoming (sound, alert).
 * EventSource reconnects by itself; on an error the cookie is refreshed first (a new login means a new token).
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_STREAM_PATH, type ChatStreamEvent } from '@dzy/domain/contracts/chat.contract';
import { authorizeChatStream, chatKeys } from './api';

export function useChatStream(onIncoming: (e: ChatStreamEvent) => void): void {
  const qc = useQueryClient();
  const incoming = useRef(onIncoming);
  useEffect(() => {
    incoming.current = onIncoming;
  }, [onIncoming]);

  useEffect(() => {
    let source: EventSource | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const connect = async () => {
      try {
        await authorizeChatStream();
      } catch {
        // Offline or logged out: try again later; the 60-second poll still covers the unread count.
        retry = setTimeout(() => void connect(), 30_000);
        return;
      }
      if (stopped) return;
      source = new EventSource(CHAT_STREAM_PATH);
      source.addEventListener('chat', (ev) => {
        const e = JSON.parse((ev as MessageEvent<string>).data) as ChatStreamEvent;
        void qc.invalidateQueries({ queryKey: chatKeys.all });
        if (e.kind === 'message' && !e.mine) incoming.current(e);
      });
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED) {
          source = null;
          retry = setTimeout(() => void connect(), 5_000);
        }
      };
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [qc]);
}

/** A short two-tone beep with Web Audio (no sound file to ship). Browsers may refuse before any user gesture. */
export function playBeep(): void {
  try {
    const ctx = new AudioContext();
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    [880, 1320].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.12);
      osc.stop(ctx.currentTime + i * 0.12 + 0.12);
    });
    setTimeout(() => void ctx.close(), 600);
  } catch {
    // No audio device or autoplay blocked: the badge still shows.
  }
}
