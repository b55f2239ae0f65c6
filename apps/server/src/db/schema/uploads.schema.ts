import { uniqueIndex, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/** Uploaded files (images of notes and chat, archive files). The bytes live in the file storage under storage_key. */
export const uploads = pgTable(
  'uploads',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    /** '<orgId>/<32 hex>.<ext>' — random, unguessable; also the public URL's tail. */
    storageKey: varchar('storage_key', { length: 60 }).notNull(),
    /** Sanitized original name (no commas, no path). */
    name: varchar('name', { length: 120 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    /** Which rule admitted it: jotDown, chat, archiveImage, archiveFile. */
    purpose: varchar('purpose', { length: 20 }).notNull(),
    uploaderId: integer('uploader_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), uniqueIndex('uploads_key_idx').on(t.orgId, t.storageKey)],
);
