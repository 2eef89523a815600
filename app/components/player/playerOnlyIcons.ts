// Icons only the loaded player shows (Settings, Listen only): kept out of PlayerIcon.tsx, whose paths the
// Play buttons of every page carry before any video is asked for.
export const SETTINGS_ICON =
  'M19.1 12.9a7 7 0 0 0 0-1.9l2-1.6a.5.5 0 0 0 .2-.6l-2-3.3a.5.5 0 0 0-.6-.2l-2.4 1a7 7 0 0 0-1.6-1l-.4-2.5a.5.5 0 0 0-.5-.4h-3.8a.5.5 0 0 0-.5.4l-.4 2.5a7 7 0 0 0-1.6 1l-2.4-1a.5.5 0 0 0-.6.2l-2 3.3a.5.5 0 0 0 .2.6l2 1.6a7 7 0 0 0 0 1.9l-2 1.6a.5.5 0 0 0-.2.6l2 3.3c.1.2.4.3.6.2l2.4-1a7 7 0 0 0 1.6 1l.4 2.5c0 .2.3.4.5.4h3.8c.2 0 .5-.2.5-.4l.4-2.5a7 7 0 0 0 1.6-1l2.4 1c.2.1.5 0 .6-.2l2-3.3a.5.5 0 0 0-.2-.6zM12 15.6a3.6 3.6 0 1 1 0-7.2 3.6 3.6 0 0 1 0 7.2z';
export const HEADPHONES_ICON =
  'M12 3a9 9 0 0 0-9 9v7a2 2 0 0 0 2 2h2v-8H5v-1a7 7 0 0 1 14 0v1h-2v8h2a2 2 0 0 0 2-2v-7a9 9 0 0 0-9-9z';
