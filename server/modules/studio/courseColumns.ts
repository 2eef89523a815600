import type { CourseInput } from '#common/studio/courseSchema.ts';

/** The course columns the course form sets, for a new course and "Save Course" alike (not `published`). */
export function courseColumns(data: CourseInput) {
  return {
    title: data.title,
    description: data.description,
    price: data.price,
    category: data.category,
    thumbnailId: data.thumbnailId,
    trailerId: data.trailerId,
    outcomes: JSON.stringify(data.outcomes),
    requirements: JSON.stringify(data.requirements),
    instalmentsMax: data.instalmentsMax,
  };
}
