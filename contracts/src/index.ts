export * from './constants';
export * from './schemas';
export * from './validation';
export * from './serial';
