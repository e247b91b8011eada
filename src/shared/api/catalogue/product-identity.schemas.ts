import { Type } from '@sinclair/typebox';
import { VENDOR_KINDS } from '../../vocabulary/catalogue.vocabulary.js';
import { StringEnum } from '../schema-helpers.js';

/** How every product record names its product and maker: spread into each record that shows a product. */
export const productIdentityFields = {
  slug: Type.String(),
  vendor_id: Type.String(),
  vendor_name: Type.String(),
  vendor_kind: StringEnum(VENDOR_KINDS),
  part_number: Type.String(),
  name: Type.String(),
};
