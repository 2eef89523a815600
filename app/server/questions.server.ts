// The admin moderation queue of lessons' questions and answers (server only).
export { listReportedQuestions } from '#server/modules/questions/listReportedQuestions.ts';
export { moderateQuestionItem } from '#server/modules/questions/moderateQuestionItem.ts';
