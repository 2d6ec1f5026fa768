/**
 * `Mutation.report`: the 鑑定書 PDF of a birth (and, with `partner`, the 相性 page), charged once at
 * its own price through the one paid-operation pipeline, answered as base64 beside the credit fields
 * (GraphQL carries no bytes; REST's `GET|POST /v1/report.pdf` answers the file itself).
 */
import { birthOrSubject } from './timeline.ts';
import { OPERATIONS } from '../../application/operations/index.ts';
import { reportEnvelope } from '../../wire/envelope.ts';
import { presentReport, type PresentedReport } from '../../wire/operations/report.ts';
import type { VariantBEnvelope } from '../../wire/envelope.ts';
import { builder } from '../builder.ts';
import { credentialsOf, resolveOutcome } from '../resolve.ts';
import { AnswerVersionType } from './answer-version.ts';
import { CalculateInputType, ChargedResponseType } from './calculate.ts';
import { priceToken } from './price-token.ts';

const ReportResponseType = builder.objectRef<VariantBEnvelope<PresentedReport>>('ReportResponse').implement({
  description: 'The 鑑定書 and what it cost.',
  interfaces: [ChargedResponseType],
  fields: (t) => ({
    pdfBase64: t.string({ description: 'The PDF (A4, fonts embedded), base64.', resolve: (e) => e.result.pdf.toString('base64') }),
    byteLength: t.int({ description: 'The PDF’s size in bytes.', resolve: (e) => e.result.pdf.length }),
    fileName: t.string({ description: '`report-YYYY-MM-DD-<luckYear>.pdf`.', resolve: (e) => e.result.fileName }),
    version: t.field({
      type: AnswerVersionType,
      description: 'Which engine, ephemeris and rules made it (REST: the `X-…` headers).',
      resolve: (e) => e.result.version,
    }),
  }),
});

builder.mutationField('report', (t) =>
  t.field({
    type: ReportResponseType,
    nullable: true,
    description:
      `The 鑑定書 PDF: the 命式表, the five elements, the warnings, the 大運, the 歳運 and 月運 of \`luckYear\`, the classical analysis and, with \`partner\`, the 相性; in the language of \`input.lang\`. ` +
      `Charged once (${priceToken('report')} credits; enterprise 0); errors carry \`extensions.code\` and charge nothing. The same arguments give the same bytes.`,
    args: {
      input: t.arg({ type: CalculateInputType, description: 'The birth; or `subjectId`.' }),
      subjectId: t.arg.string({ description: 'A saved subject in place of `input` (`sub_…`; docs/subjects.md).' }),
      luckYear: t.arg.int({ required: true, description: 'The pillar year of the 歳運 and 月運 (1899–2100).' }),
      partner: t.arg({ type: CalculateInputType, description: 'A partner’s birth, for the 相性 page.' }),
      partnerSubjectId: t.arg.string({ description: 'A saved subject in place of `partner`.' }),
      idempotencyKey: t.arg.string({
        description:
          'Retry key: the same key and arguments within 24 h replay the report without charging; other arguments → IDEMPOTENCY_CONFLICT.',
      }),
    },
    resolve: (_root, args, context) =>
      resolveOutcome(context, () =>
        context.services.paid.run(
          OPERATIONS.report,
          {
            fields: birthOrSubject(args.input as Record<string, unknown> | null | undefined, args.subjectId),
            luckYear: args.luckYear,
            ...(args.partner == null && args.partnerSubjectId == null
              ? {}
              : { partner: birthOrSubject(args.partner as Record<string, unknown> | null | undefined, args.partnerSubjectId) }),
          },
          { credentials: credentialsOf(context), idempotencyKey: args.idempotencyKey, identity: context.identity },
          presentReport,
        ),
      ).then(({ result, receipt }) => reportEnvelope(result, receipt)),
  }),
);
