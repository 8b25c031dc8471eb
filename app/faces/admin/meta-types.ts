/** The metadata types the admin's template editor offers (the API takes any text; these are the known ones). */
export const META_TYPES = ["NO_TYPE", "PRICE", "RETAIL_IDENTIFIER"] as const;
export type MetaType = (typeof META_TYPES)[number];

export const isMetaType = (value: string): value is MetaType => (META_TYPES as readonly string[]).includes(value);
