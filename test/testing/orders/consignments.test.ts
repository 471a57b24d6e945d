import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { A, expectAreaAError, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

const ready = (references: unknown) => api.call('PUT', '/consignments/setreadytoship', references);
const notReady = (references: unknown) => api.call('PUT', '/consignments/setnotreadytoship', references);

describe('area A mock: Set Ready To Ship / Not Ready To Ship', () => {
  it('moves Allocated to ReadyToShip with a per-consignment OperationResult', async () => {
    const reference = await api.allocated();
    const answer = await ready([reference]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        IsSuccess: true,
        Message: expect.any(String),
        Data: reference,
        ApiLinks: [{ Rel: 'detail', Href: `${A}/consignments/${reference}` }],
      },
    ]);
    expect(api.state(reference)).toBe('ReadyToShip');
  });

  it('answers IsSuccess false for a consignment not in Allocated, and leaves it alone', async () => {
    const allocated = await api.allocated();
    const unallocated = await api.consignment();
    const answer = await ready([unallocated, allocated]);
    expect(
      answer.body.map((result: { IsSuccess: boolean; Data: string }) => [result.Data, result.IsSuccess]),
    ).toEqual([
      [unallocated, false],
      [allocated, true],
    ]);
    expect(answer.body[0].Message).toContain('Unallocated');
    expect(api.state(unallocated)).toBe('Unallocated');
  });

  it('moves ReadyToShip back to Allocated, and only ReadyToShip', async () => {
    const reference = await api.allocated();
    expect((await notReady([reference])).body[0].IsSuccess).toBe(false);
    await ready([reference]);
    const answer = await notReady([reference]);
    expect(answer.body[0]).toMatchObject({ IsSuccess: true, Data: reference });
    expect(api.state(reference)).toBe('Allocated');
  });

  it('takes a bare array of known, well-formed references', async () => {
    const reference = await api.allocated();
    expectAreaAError(await ready({ ConsignmentReferences: [reference] }), 400, 'InvalidRequest');
    expectAreaAError(await ready([]), 400, 'InvalidRequest');
    expectAreaAError(await ready(['EC-999-999-999']), 404, 'ConsignmentNotFound');
    expectAreaAError(await notReady(['nope']), 400, 'InvalidReferenceFormat');
  });
});
