import { fieldMessages, validateBrandFields, type BrandBody } from 'contracts';
import { unlessUnique } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import type { UploadsService } from '../uploads/uploads.service';
import type { BrandInput, brandsRepository } from './brands.repository';

export function brandsService(brands: ReturnType<typeof brandsRepository>, uploads: UploadsService) {
  const nameTaken = () => conflict(messages.brandNameTaken, { name: fieldMessages.brandNameTaken });

  async function validBrand(body: BrandBody, exceptId?: number): Promise<BrandInput> {
    const input = {
      name: body.name.trim(),
      logo: body.logo?.trim() ?? '',
      email: body.email?.trim() ?? '',
      website_link: body.website_link?.trim() ?? '',
    };
    const fields: Record<string, string> = validateBrandFields(input);
    const logoError = await uploads.pathError(input.logo);
    if (logoError) fields.logo = logoError;
    if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
    if (await brands.nameTaken(input.name, exceptId)) throw nameTaken();
    return input;
  }

  return {
    list: brands.list,

    async create(body: BrandBody) {
      return unlessUnique(brands.create(await validBrand(body)), nameTaken);
    },

    async update(id: number, body: BrandBody) {
      if (!(await brands.get(id))) throw notFound(messages.brandNotFound);
      const brand = await unlessUnique(brands.update(id, await validBrand(body, id)), nameTaken);
      if (!brand) throw notFound(messages.brandNotFound);
      return brand;
    },
  };
}
