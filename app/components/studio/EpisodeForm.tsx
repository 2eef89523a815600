import { useId, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import type { AssetView } from '#app/server/studio.server.ts';
import { LIMITS, STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { isPlayedLesson, LESSON_KINDS, type LessonKind } from '#common/studio/episodeSchema.ts';
import { QUIZ_MESSAGES } from '#common/studio/quizSchema.ts';
import { LessonTextField } from './LessonTextField.tsx';
import { QuizField } from './QuizField.tsx';
import { emptyQuiz, newQuestion, type QuizDraft, refusedQuestions } from './quizForm.ts';
import { StudioApiError } from './studioApi.ts';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { UploadField } from './UploadField.tsx';
import { LESSON_FILE_MESSAGES } from '#common/studio/lessonFiles.ts';

export interface EpisodeValues {
  kind: LessonKind;
  title: string;
  /** A text lesson's Markdown. */
  body: string;
  description: string;
  /** A video lesson's video, or an audio lesson's recording (decision 0069). */
  video: AssetView | null;
  thumbnail: AssetView | null;
  /** A PDF lesson's file (decision 0060). */
  pdf?: AssetView | null;
  /** A quiz lesson's form (quizForm.ts). */
  quiz: QuizDraft;
}

interface Props {
  initial?: EpisodeValues;
  submitLabel: string;
  /** Resolves with the success message, or rejects with an Error whose message is shown. */
  onSubmit(values: EpisodeValues): Promise<string>;
  onCancel?(): void;
  /** The Markdown as learners will see it, rendered by the server (the same code as on save). */
  preview(body: string): Promise<string>;
}

const EMPTY: EpisodeValues = {
  kind: 'video',
  title: '',
  body: '',
  description: '',
  video: null,
  thumbnail: null,
  quiz: emptyQuiz(),
};

/**
 * Adding or editing a lesson of any kind; the button stays disabled until it has a title and its video
 * (a video lesson), its text (a text lesson) or a question (a quiz, whose other checks are the server's:
 * its refusal shows here, and beside the question it names).
 */
export function EpisodeForm({ initial = EMPTY, submitLabel, onSubmit, onCancel, preview }: Props) {
  const { t } = useT();
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);
  const [questionErrors, setQuestionErrors] = useState(new Map<number, string>());
  // Bumped when an added episode clears the form, so the pickers start afresh too.
  const [generation, setGeneration] = useState(0);
  // The add form and an edit form can be on the page at once: each its own radio group.
  const kindName = useId();
  const set =
    <K extends keyof EpisodeValues>(k: K) =>
    (v: EpisodeValues[K]) =>
      setValues((s) => ({ ...s, [k]: v }));
  const text = values.kind === 'text';
  const pdf = values.kind === 'pdf';
  const quiz = values.kind === 'quiz';
  const audio = values.kind === 'audio';
  const ready =
    values.title.trim() !== '' &&
    (text ? values.body.trim() !== '' : pdf ? !!values.pdf : quiz ? values.quiz.questions.length > 0 : !!values.video);
  const required = text
    ? STUDIO_MESSAGES.textLessonRequired
    : pdf
      ? LESSON_FILE_MESSAGES.pdfLessonRequired
      : quiz
        ? QUIZ_MESSAGES.quizRequired
        : audio
          ? STUDIO_MESSAGES.audioLessonRequired
          : STUDIO_MESSAGES.episodeRequired;

  function chooseKind(kind: LessonKind) {
    setValues((s) => ({
      ...s,
      kind,
      // A video does not become a recording, nor the other way round.
      video:
        isPlayedLesson(kind) && s.video && s.video.kind !== (kind === 'audio' ? 'audio' : 'video') ? null : s.video,
      // A new quiz starts with one question to fill in.
      quiz:
        kind === 'quiz' && s.quiz.questions.length === 0
          ? {
              ...s.quiz,
              questions: [newQuestion('single', { true: t('studio.quiz.true'), false: t('studio.quiz.false') })],
            }
          : s.quiz,
    }));
  }

  function changeQuiz(q: QuizDraft) {
    set('quiz')(q);
    // A refusal names a question by its place: once the questions change, that may be another one.
    setQuestionErrors(new Map());
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!ready) {
      setFlash({ kind: 'error', text: required });
      return;
    }
    setBusy(true);
    setFlash(null);
    setQuestionErrors(new Map());
    try {
      const text = await onSubmit(values);
      setFlash({ kind: 'success', text });
      if (!onCancel) {
        setValues(EMPTY);
        setGeneration((g) => g + 1);
      }
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : STUDIO_MESSAGES.episodeAddFailed });
      if (err instanceof StudioApiError) setQuestionErrors(refusedQuestions(err.details));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="studio-form episode-form" onSubmit={submit} noValidate>
      <fieldset className="field lesson-kind-choice">
        <legend className="field-label">{t('studio.episode.kind')}</legend>
        {LESSON_KINDS.map((kind) => (
          <label key={kind} className="lesson-kind-option">
            <input
              type="radio"
              name={kindName}
              value={kind}
              checked={values.kind === kind}
              onChange={() => chooseKind(kind)}
            />
            {t(`studio.episode.kind.${kind}`)}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field-label">{t('studio.episode.title')}</span>
        <input
          value={values.title}
          onChange={(e) => set('title')(e.target.value)}
          maxLength={LIMITS.title}
          name="episodeTitle"
        />
      </label>
      <label className="field">
        <span className="field-label">{t('studio.episode.description')}</span>
        <textarea
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
          maxLength={LIMITS.episodeDescription}
          rows={3}
          name="episodeDescription"
        />
      </label>
      {text ? (
        <LessonTextField value={values.body} onChange={set('body')} preview={preview} />
      ) : pdf ? (
        <UploadField
          key={`p-${generation}`}
          kind="pdf"
          label={t('studio.episode.pdf')}
          value={values.pdf ?? null}
          onChange={set('pdf')}
          required
        />
      ) : quiz ? (
        <QuizField value={values.quiz} onChange={changeQuiz} errors={questionErrors} />
      ) : audio ? (
        <UploadField
          key={`a-${generation}`}
          kind="audio"
          label={t('studio.episode.audio')}
          value={values.video}
          onChange={set('video')}
          required
        />
      ) : (
        <UploadField
          key={`v-${generation}`}
          kind="video"
          label={t('studio.episode.video')}
          value={values.video}
          onChange={set('video')}
          required
        />
      )}
      <UploadField
        key={`t-${generation}`}
        kind="image"
        label={t('studio.episode.thumbnail')}
        value={values.thumbnail}
        onChange={set('thumbnail')}
      />
      <SaveMessage flash={flash} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={!ready || busy}>
          {busy ? t('studio.saving') : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('studio.upload.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
