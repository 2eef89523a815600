import '#app/styles/lessons.css';
/**
 * A text lesson's HTML, sanitised and rendered by the server when the lesson was saved
 * (server/lib/renderMarkdown.ts: no raw HTML, safe links and pictures only), in a readable column.
 */
export function LessonText({ html, label }: { html: string; label: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side on save (decision 0054)
    <article className="lesson-text" aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
