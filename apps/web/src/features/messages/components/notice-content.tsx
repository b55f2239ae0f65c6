/** A notice's body: HTML already cleaned by the server (sanitize-html, formatting tags, links and images only). */
export function NoticeContent({ html }: { html: string }) {
  return (
    <div
      style={{ marginTop: 12, lineHeight: 1.8, maxHeight: 420, overflow: 'auto', wordBreak: 'break-word' }}
      dangerouslySetInnerHTML={{ __html: html }}
      data-testid="notice-content"
    />
  );
}
