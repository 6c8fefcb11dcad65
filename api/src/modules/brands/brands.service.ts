import { validateBrandFields, type BrandBody } from 'contracts';
import { unlessUnique } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import { hasInvisible } from '../../text';
import { changes, type AuditService } from '../audit/audit.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { BrandInput, brandsRepository } from './brands.repository';

export function brandsService(
  brands: ReturnType<typeof brandsRepository>,
  uploads: UploadsService,
  audit: AuditService,
) {
  const nameTaken = () => conflict(messages.brandNameTaken, { name: messages.fields.brandNameTaken });

  async function validBrand(body: BrandBody, exceptId?: number): Promise<BrandInput> {
    const input = {
      name: body.name.trim(),
      logo: body.logo?.trim() ?? '',
      email: body.email?.trim() ?? '',
      website_link: body.website_link?.trim() ?? '',
    };
    const fields: Record<string, string> = validateBrandFields(input, messages.fields);
    if (!fields.name && hasInvisible(input.name)) fields.name = messages.fieldInvisible;
    const logoError = await uploads.pathError(input.logo);
    if (logoError) fields.logo = logoError;
    if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
    if (await brands.nameTaken(input.name, exceptId)) throw nameTaken();
    return input;
  }

  return {
    list: brands.list,

    async create(body: BrandBody, accountId: number) {
      const brand = await unlessUnique(brands.create(await validBrand(body)), nameTaken);
      const { id, ...fields } = brand;
      await audit.record({
        accountId,
        action: 'brand.created',
        subject: { type: 'brand', id },
        details: fields,
      });
      return brand;
    },

    async update(id: number, body: BrandBody, accountId: number) {
      const before = await brands.get(id);
      if (!before) throw notFound(messages.brandNotFound);
      const brand = await unlessUnique(brands.update(id, await validBrand(body, id)), nameTaken);
      if (!brand) throw notFound(messages.brandNotFound);
      await audit.record({
        accountId,
        action: 'brand.changed',
        subject: { type: 'brand', id },
        details: changes(before, brand),
      });
      return brand;
    },
  };
}
