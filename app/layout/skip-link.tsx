import { useTranslation } from '../../engine/react';

/** First focusable element of every page: jumps over the navigation to the main content. */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${target}`}
      className="skip-link"
      style={{
        position: 'absolute',
        left: -9999,
        top: 0,
        zIndex: 2000,
        padding: '8px 16px',
        background: '#fff',
        color: '#1b5e20',
      }}
      onFocus={(e) => {
        e.currentTarget.style.left = '8px';
      }}
      onBlur={(e) => {
        e.currentTarget.style.left = '-9999px';
      }}
    >
      {t('layout.skipToContent')}
    </a>
  );
}
