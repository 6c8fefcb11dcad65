import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { PublicNotice } from 'contracts';
import { UnitNotices } from './unit-notices';

const HOSTILE = '<img src=x onerror="window.__xss=1">';
const notice = (severity: PublicNotice['severity'], title: string): PublicNotice => ({
  severity,
  title: { de: `${title} DE`, en: `${title} EN` },
  text: { de: `Text ${HOSTILE}\nZeile 2`, en: 'Text EN' },
  published_on: '2026-11-28',
});

describe('UnitNotices', () => {
  it('names each severity in words, in German for German and English for any other language', () => {
    const notices = [notice('recall', 'Rückruf'), notice('information', 'Info')];
    const { rerender } = render(<UnitNotices notices={notices} language="de" />);
    const shown = screen.getAllByTestId('unit-notice');
    expect(shown.map((section) => section.getAttribute('lang'))).toEqual(['de', 'de']);
    expect(shown[0]).toHaveTextContent('⚠ Rückruf');
    expect(screen.getByRole('heading', { level: 2, name: 'Rückruf DE' })).toBeInTheDocument();
    expect(shown[1]).toHaveTextContent('Information');
    expect(shown[1]).not.toHaveTextContent('⚠');
    rerender(<UnitNotices notices={notices} language="fr" />);
    expect(screen.getAllByTestId('unit-notice')[0]).toHaveTextContent('Recall');
    expect(screen.getByRole('heading', { level: 2, name: 'Rückruf EN' })).toBeInTheDocument();
  });

  it('shows markup in a notice as text', () => {
    const { container } = render(
      <UnitNotices notices={[notice('safety_notice', 'Hinweis')]} language="de" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('unit-notice')).toHaveTextContent(HOSTILE);
  });
});
