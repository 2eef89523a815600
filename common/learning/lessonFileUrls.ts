/** Where a lesson's files are served (server/http/learningRoutes.ts, decision 0060). */
export const lessonPdfUrl = (episodeId: string, download = false): string =>
  `/api/learning/files/${episodeId}/pdf${download ? '?download=1' : ''}`;

export const lessonResourceUrl = (episodeId: string, resourceId: string): string =>
  `/api/learning/files/${episodeId}/resources/${resourceId}`;
