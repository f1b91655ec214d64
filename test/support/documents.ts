import type { CertificateFacts, CertifiedPublication } from '../../src/documents/certificate-facts';
import type { Issuer } from '../../src/documents/layout';
import type { SigningJob } from '../../src/documents/render-job';
import { developmentSigningIdentity, type SigningIdentity } from '../../src/documents/signing';

/** The issuer printed on documents in tests: a fixed, clearly fictitious supplier. */
export const TEST_ISSUER: Issuer = {
  name: 'Notices Ltd',
  address: ['1 Park Row', 'Leeds', 'LS1 5AB'],
  vatNumber: 'GB123456789',
  email: 'notices@example.com',
  telephone: '0113 496 0000',
  companyNumber: '01234567',
};

/** A certificate's facts at a fixed issue time, so renders compare from one run to the next. */
export function certificateFacts(publication: CertifiedPublication = 'newspaper'): CertificateFacts {
  return {
    publication,
    documentId: `doc_0000000000000000${publication === 'newspaper' ? 'paper1' : 'gazet1'}`,
    verifyUrl: `https://notices.example.com/verify/doc_0000000000000000${publication === 'newspaper' ? 'paper1' : 'gazet1'}`,
    issuedAt: new Date('2027-03-02T09:30:00Z'),
    issuer: TEST_ISSUER,
  };
}

let identity: Promise<SigningIdentity> | undefined;

/** One development signing identity per test file (generating a key takes a moment). */
export async function testSigning(): Promise<SigningJob> {
  identity ??= developmentSigningIdentity(TEST_ISSUER.name);
  return {
    identity: await identity,
    info: {
      name: TEST_ISSUER.name,
      reason: 'Certificate of publication',
      location: 'Leeds',
      contactInfo: TEST_ISSUER.email,
      signingTime: new Date('2027-03-02T09:30:00Z'),
    },
  };
}
