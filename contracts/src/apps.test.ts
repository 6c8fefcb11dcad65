// The typed expose map: `npm run typecheck` runs over this file, so each `@ts-expect-error` below fails the
// typecheck the day a misspelt expose or a wrong prop would get through.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exposesOf, staffRoutes, staffUrls, type ExposedModules, type ScreenRef } from './apps';

test('exposesOf gives webpack one `./Name` per expose of the contract', () => {
  assert.deepEqual(
    exposesOf<'machines'>({
      MachineList: './list.tsx',
      MachineForm: './form.tsx',
      MachineTestPlan: './test-plan.tsx',
      Instruments: './instruments.tsx',
      Notices: './notices.tsx',
    }),
    {
      './MachineList': './list.tsx',
      './MachineForm': './form.tsx',
      './MachineTestPlan': './test-plan.tsx',
      './Instruments': './instruments.tsx',
      './Notices': './notices.tsx',
    },
  );
});

test('a misspelt, missing or foreign expose, or a screen wanting props, fails typecheck', () => {
  exposesOf<'machines'>({
    MachineList: './list.tsx',
    // @ts-expect-error misspelt expose
    MachineFrom: './form.tsx',
    MachineTestPlan: './t.tsx',
    Instruments: './i.tsx',
    Notices: './n.tsx',
  });
  // @ts-expect-error an expose of the contract is missing
  exposesOf<'landing'>({});
  // @ts-expect-error an expose of another remote
  const foreign: ScreenRef = { remote: 'machines', expose: 'Landing' };
  type WantsProps = {
    MachineList: { default: () => null };
    MachineForm: { default: (props: { id: number }) => null };
    MachineTestPlan: { default: () => null };
    Instruments: { default: () => null };
    Notices: { default: () => null };
  };
  // @ts-expect-error the contract gives the machine form no props
  const wantsProps = null as unknown as WantsProps satisfies ExposedModules<'machines'>;
  assert.ok(foreign && wantsProps === null);
});

test('staff URLs match the shell routes they lead to', () => {
  assert.equal(staffUrls.tab('machine_list'), '/?tab=machine_list');
  assert.equal(staffUrls.machineEdit(7), staffRoutes.machineEdit.replace(':id', '7'));
  assert.equal(staffUrls.certificatePrint(3), staffRoutes.certificatePrint.replace(':id', '3'));
  assert.equal(staffUrls.machineNew(), staffRoutes.machineNew);
  assert.equal(staffUrls.labels(), '/labels');
  assert.equal(staffUrls.labels(12), '/labels?certificate=12');
});
