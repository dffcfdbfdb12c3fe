/** Whether a statement failed on a unique index (PostgreSQL 23505; drizzle may wrap the driver's error as its cause). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } };
  return code === '23505' || cause?.code === '23505';
}
