import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { categoryFromSlug, categoryLabel, type Category } from '#common/catalog/categories.ts';
import { publishedCards, toCard, type CourseCard } from './courseCard.ts';
import { listOgImage, offsetOf, PAGE_SIZE, pageNumber, splitPage, type Paged } from './pageOfCourses.ts';

export interface CategoryPage extends Paged {
  category: Category;
  label: string;
  courses: CourseCard[];
  /** JPEG for link previews. */
  ogImage: string | null;
}

const categoryPageInput = z.object({ slug: z.string().max(40), page: pageNumber });

/** `/category/<slug>`: the category's published courses, most enrolled first, a page at a time. */
export async function listCategoryPage(services: Services, actor: Actor, input: unknown): Promise<CategoryPage> {
  const { slug, page } = parseInput(categoryPageInput, input);
  const category = categoryFromSlug(slug);
  if (!category) throw notFound('Category not found.');
  const rows = await services.database.db
    .selectFrom('course')
    .$call(publishedCards)
    .where('course.category', '=', category)
    .orderBy('course.enrolledCount', 'desc')
    .orderBy('course.createdAt', 'desc')
    .orderBy('course.id')
    .limit(PAGE_SIZE + 1)
    .offset(offsetOf(page))
    .execute();
  const split = splitPage(rows, page);
  return {
    category,
    label: categoryLabel(category),
    courses: split.rows.map(toCard),
    ogImage: listOgImage(split.rows),
    page,
    hasNext: split.hasNext,
  };
}
