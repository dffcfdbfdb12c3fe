/** The product mark and names, shared by the login page and the top bar. */
export const PRODUCT_NAME = '灵活用工结算平台';
export const PRODUCT_SUBTITLE = '众包服务管理控制台';
/** Title of the platform itself (tenant id 0). */
export const PLATFORM_TITLE = PRODUCT_NAME;

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="brand-mark">
      <defs>
        <linearGradient id="brand-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#14b8a6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#brand-mark-gradient)" />
      <path d="M18 44V20h22v6H25v5h13v6H25v7z" fill="#fff" />
      <circle cx="45" cy="41" r="5" fill="#fff" opacity=".85" />
    </svg>
  );
}
