// The doctor: what `consignkit doctor` and `runDoctor` check against an account (src/node/doctor/run-doctor.ts).
export * from './run-doctor.js';
