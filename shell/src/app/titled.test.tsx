import { afterEach, describe, expect, it } from '@jest/globals';
import { act } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { setLanguage } from 'shared-ui';
import { renderAt } from '../test/render';
import { Titled } from './titled';

afterEach(() => act(() => setLanguage('de')));

const certificate = (
  <Route
    path="/certificates/:id"
    element={
      <Titled title="certificateDetail">
        <p>Prüfbericht</p>
      </Titled>
    }
  />
);

describe('Titled', () => {
  it("names the screen and its route's parameter in the browser tab, in German as before", () => {
    renderAt('/certificates/7', certificate);
    expect(document.title).toBe('Prüfbericht Nr. 7 – BDS PRÜFBERICHT SOFTWARE');
  });

  it('follows the language', async () => {
    renderAt('/certificates/7', certificate);
    await act(() => setLanguage('pl'));
    expect(document.title).toBe('Protokół badania nr 7 – BDS PRÜFBERICHT SOFTWARE');
    await act(() => setLanguage('en'));
    expect(document.title).toBe('Certificate No. 7 – BDS PRÜFBERICHT SOFTWARE');
  });

  it('titles a screen without a parameter', async () => {
    await act(() => setLanguage('en'));
    renderAt(
      '/admin/jobs',
      <Route
        path="/admin/jobs"
        element={
          <Titled title="adminJobs">
            <p>Jobs</p>
          </Titled>
        }
      />,
    );
    expect(document.title).toBe('Jobs – Administration – BDS PRÜFBERICHT SOFTWARE');
  });
});
