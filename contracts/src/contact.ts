/** A phone number as written in COMPANY_PHONE, as a tel: link: its digits and the leading plus only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, '')}`;
