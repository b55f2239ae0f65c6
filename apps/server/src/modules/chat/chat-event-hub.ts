/**
 * In-process fan-out of chat events to the open event streams of this server. A message carries no content,
 * only what changed (which company, which kind): each client refetches through the normal, permission-checked
 * calls. One process only — see docs/features/chat.md for running several instances.
 */
export interface ChatEvent {
  orgId: number;
  companyId: number;
  /** message: a new message; todo: a to-do changed; read: the reader's unread count changed. */
  kind: 'message' | 'todo' | 'read';
  /** The user who caused it (their own stream skips the unread alert for their own message). */
  byUserId: number;
  /** For 'read': only this user's streams care. */
  onlyUserId?: number;
  chatId?: number;
}

export type ChatListener = (e: ChatEvent) => void;

export interface ChatEventHub {
  publish(e: ChatEvent): void;
  /** Listens to one org's events; returns the unsubscribe function. */
  subscribe(orgId: number, fn: ChatListener): () => void;
  /** Open listeners (tests and diagnostics). */
  size(): number;
}

export function createChatEventHub(): ChatEventHub {
  const byOrg = new Map<number, Set<ChatListener>>();
  return {
    publish(e) {
      for (const fn of byOrg.get(e.orgId) ?? []) {
        try {
          fn(e);
        } catch {
          // One broken stream must not stop the others.
        }
      }
    },
    subscribe(orgId, fn) {
      let set = byOrg.get(orgId);
      if (!set) byOrg.set(orgId, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0) byOrg.delete(orgId);
      };
    },
    size() {
      let n = 0;
      for (const s of byOrg.values()) n += s.size;
      return n;
    },
  };
}
