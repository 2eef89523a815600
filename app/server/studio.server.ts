// The creator studio's reads behind the dashboard and the course editor (server only); edits go through
// the studio API.
export { getCreatorDashboard, type DashboardCourse } from '#server/modules/studio/getCreatorDashboard.ts';
export {
  getCourseForEditor,
  type EditorCourse,
  type EditorEpisode,
} from '#server/modules/studio/getCourseForEditor.ts';
export type { AssetView } from '#server/modules/studio/assetView.ts';
export { getCreatorProfile, type EditorProfile } from '#server/modules/studio/getCreatorProfile.ts';
