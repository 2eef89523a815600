// One counter for every factory, so names and creation times are unique and in order within a test file.
let seq = 0;

export const nextSeq = () => ++seq;

export const nextTime = () => new Date(Date.UTC(2026, 0, 1) + nextSeq() * 1000);
