import {
  PAPER_REQUEST_DEADLINE_DAYS,
  PAPER_REQUEST_ERASE_AFTER_DAYS,
  PAPER_REQUEST_MAX,
  berlinIsoDate,
  type DocumentKind,
  type PaperRequest,
  type PaperRequestBody,
} from 'contracts';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { DocumentsRepository } from './documents.repository';
import type { PaperRequestsRepository } from './paper-requests.repository';

const DAY_MS = 86_400_000;
const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Angle brackets are never needed in a name or an address; refusing them keeps markup out entirely. */
const MARKUP = /[<>]/;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** Requests listed at once: a manufacturer gets a few a month; the oldest done ones fall off the end. */
const LIST_LIMIT = 500;

/**
 * Paper copies on request (Machinery Regulation (EU) 2023/1230, Art. 10(7)): customers ask on the unit's page,
 * staff send within PAPER_REQUEST_DEADLINE_DAYS and mark the request done; PAPER_REQUEST_ERASE_AFTER_DAYS after
 * that the requester's personal data is erased (docs/decisions/0012-documents.md).
 */
export function paperRequests(
  deps: {
    requests: PaperRequestsRepository;
    documents: DocumentsRepository;
  },
  audit: AuditService,
) {
  const today = () => berlinIsoDate(new Date());
  const eraseDue = () =>
    deps.requests.erase(dayPlus(today(), -PAPER_REQUEST_ERASE_AFTER_DAYS), new Date().toISOString());

  return {
    /** A customer's request; errors in English and German, naming the field. */
    async create(body: PaperRequestBody): Promise<{ id: number; due: string }> {
      const text = {
        name: body.name.trim(),
        address: body.address.trim(),
        email: body.email.trim(),
        serial: body.serial?.trim() ?? '',
      };
      const fields: Record<string, string> = {};
      if (!text.name || text.name.length > PAPER_REQUEST_MAX.name) fields.name = messages.paperRequestName;
      if (!text.address || text.address.length > PAPER_REQUEST_MAX.address)
        fields.address = messages.paperRequestAddress;
      if (!EMAIL.test(text.email) || text.email.length > PAPER_REQUEST_MAX.email)
        fields.email = messages.paperRequestEmail;
      if (text.serial.length > PAPER_REQUEST_MAX.serial) fields.serial = messages.paperRequestInvalid;
      for (const [name, value] of Object.entries(text))
        if (MARKUP.test(value)) fields[name] = messages.paperRequestMarkup;
      if (Object.keys(fields).length) throw badRequest(messages.paperRequestInvalid, fields);
      const document = await deps.documents.find(body.document_id);
      if (!document) throw notFound(messages.paperRequestDocument);
      const created = today();
      const due = dayPlus(created, PAPER_REQUEST_DEADLINE_DAYS);
      const id = await deps.requests.add({
        machine_id: document.machine_id,
        kind: document.kind,
        language: document.language,
        ...text,
        created_at: new Date().toISOString(),
        due,
      });
      await eraseDue();
      return { id, due };
    },

    /** The staff list, after erasing what is due: erasure needs no scheduler and happens whenever staff look. */
    async list(): Promise<PaperRequest[]> {
      await eraseDue();
      return (await deps.requests.list(LIST_LIMIT)).map((row) => ({
        id: row.id,
        machine_id: row.machine_id,
        machine_name: row.machine_name,
        serial: row.serial,
        kind: row.kind as DocumentKind,
        language: row.language,
        name: row.name,
        address: row.address,
        email: row.email,
        created_at: row.created_at,
        due: row.due,
        sent_on: row.sent_on,
        erased: row.erased_at !== null,
      }));
    },

    async markSent(id: number, sentOn: string, accountId: number): Promise<void> {
      const request = await deps.requests.find(id);
      if (!request) throw notFound(messages.paperRequestNotFound);
      if (request.sent_on) throw conflict(messages.paperRequestAlreadySent);
      const valid = !Number.isNaN(Date.parse(`${sentOn}T00:00:00Z`));
      if (!valid || sentOn > today() || sentOn < berlinIsoDate(new Date(request.created_at)))
        throw badRequest(messages.checkFields, { sent_on: messages.paperRequestSentOn });
      if (!(await deps.requests.markSent(id, sentOn, accountId)))
        throw conflict(messages.paperRequestAlreadySent);
      await audit.record({
        accountId,
        action: 'paper_request.sent',
        subject: { type: 'paper_request', id },
        details: { sent_on: sentOn },
      });
    },
  };
}
