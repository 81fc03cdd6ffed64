import type { PolicyDocument } from './policy-document';

export const privacyPolicy: PolicyDocument = {
  id: 'privacy-policy',
  title: 'Privacy Policy',
  lastUpdated: '2026-11-28',
  summary:
    'This policy explains what personal data Crease Streaming Ltd collects when you use Crease, why we collect it, who we share it with and the choices and rights you have.',
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Crease is a live-cricket streaming subscription service operated by Crease Streaming Ltd ("Crease", "we", "us" or "our"). We are the controller of the personal data described in this policy, which means we decide how and why it is used.',
        },
        {
          kind: 'paragraph',
          text: 'This policy applies when you visit the Crease website, register for an account, choose a plan, pay or start a free trial, browse leagues and events, and watch live streams. It should be read together with our Cookie Policy.',
        },
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'The data we collect',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We collect only the data we need to run the service. This includes:',
        },
        {
          kind: 'list',
          items: [
            'Account data: your email address, your password (stored only in a securely hashed form), and account settings, including the country or region you choose on your Account page, which sets the rate of the tax included in your payments.',
            'Plan data: the passes and subscriptions you bought, their start and end dates, whether a subscription renews or is cancelled, renewal attempts and their results, billing history, and whether and when you had the free trial.',
            "Payment data: payments are handled by our payment provider. We receive a payment reference, the card type, the last four digits and the expiry date so you can recognise your card. For a subscription, the payment provider keeps your card on file so that renewals can be charged; we keep only the provider's reference to it. We never receive or store your full card number or security code.",
            'Device data: a device identifier we assign to each device you watch on (the "vidict id"), the device name you give it, your operating system and browser type, and the dates the device was registered and last used. We use this to apply your plan\'s device and stream limits.',
            'Viewing data: which events and streams you watch, when and for how long, the video quality delivered, and playback errors or buffering events.',
            'Location data: your approximate region or country, worked out from your IP address, so that we can apply broadcast rights and regional restrictions. We do not collect your precise location.',
            'Usage data: first-party records of the pages you visit on our website, and technical logs such as IP address, time of request and error reports.',
            'Free trial checks: to keep the free trial to one per account and one per device, we record which account and device took it; and to limit how many trials start from one network each day, we count trials per IP address (per /64 block for IPv6) for 24 hours.',
            'Support data: the content of messages you send us and our replies.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-data',
      heading: 'Why we use your data and our legal bases',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Data protection law requires us to have a legal basis for each use of your personal data. We rely on the following:',
        },
        {
          kind: 'list',
          items: [
            'Performance of our contract with you: to create and manage your account, provide your plan, take payments, charge subscription renewals until you cancel, run the free trial, register your devices, enforce device and concurrent stream limits, and stream the events you choose.',
            'Legal obligations: to keep tax and accounting records, respond to lawful requests from authorities, and comply with consumer protection law.',
            'Legitimate interests: to keep the service and your account secure, detect fraud, bots and account sharing, enforce broadcast rights and regional restrictions, understand how the website is used so we can improve it, and handle support requests. We balance these interests against your rights and you can object to them.',
            'Consent: where the law requires it, for example for optional marketing emails. You can withdraw consent at any time without affecting processing that took place before.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We do not sell your personal data, and we do not use it to show you third-party advertising.',
        },
      ],
    },
    {
      id: 'bot-protection-and-analytics',
      heading: 'Bot protection and analytics',
      blocks: [
        {
          kind: 'paragraph',
          text: 'To protect sign-up, sign-in and payment pages from automated abuse, we use an invisible bot-check service. When you use these pages, the service assesses signals from your browser and interaction, such as your IP address, browser characteristics and how the page was used, and returns a score that indicates how likely the request is to come from a bot. We use this score to allow the request, ask for further verification or block it. The bot-check provider processes this data on our behalf and under its own privacy terms for the purposes of providing and improving its security service.',
        },
        {
          kind: 'paragraph',
          text: 'We measure how our website is used with first-party analytics that record page views on our own systems. This tells us which pages are visited and how often so that we can improve the service. We do not use third-party advertising trackers, and analytics data is used in aggregate.',
        },
      ],
    },
    {
      id: 'sharing-your-data',
      heading: 'Who we share your data with',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We share personal data only with service providers who help us run Crease, and only as much as they need. They act on our instructions and are bound by contracts that require them to protect your data. They include:',
        },
        {
          kind: 'list',
          items: [
            'payment processors, to take payments, handle refunds and prevent payment fraud;',
            'content delivery network (CDN) and hosting providers, to store our systems and deliver video streams to your device;',
            'our email provider, to send account, billing and service emails;',
            'our bot-check provider, to protect the service from automated abuse; and',
            'professional advisers such as lawyers, accountants and auditors.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We may also disclose data where required by law or to protect our rights, users or the public, for example to respond to a court order or to investigate piracy. If our business is sold or restructured, your data may be transferred to the new owner, who will be bound by this policy.',
        },
      ],
    },
    {
      id: 'data-retention',
      heading: 'How long we keep your data',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We keep personal data only for as long as we need it for the purposes described in this policy. In general:',
        },
        {
          kind: 'list',
          items: [
            'account, plan and device data is kept while your account is open. When you delete your account (on your Account page), your sessions, devices and streams end at once and your email address and name are removed; for 30 days we keep only a one-way fingerprint of your email address, so that signing in with it can tell you the account was deleted;',
            'payment records (invoices, declined payment attempts and refunds) are kept for 6 years after the end of the financial year they belong to, as tax and accounting law requires; after an account is deleted they are kept without your name or email address, and at the end of that period they are deleted;',
            'viewing data and technical logs are kept for up to 24 months, after which they are deleted or anonymised;',
            'bot-check and security records are kept for up to 90 days unless needed to investigate abuse, and the count of free trials started from a network for 24 hours; and',
            'support messages are kept for up to 24 months after the issue is resolved.',
          ],
        },
      ],
    },
    {
      id: 'security',
      heading: 'How we protect your data',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We use technical and organisational measures to protect your data, including encryption in transit, hashed passwords, short-lived access tokens, access controls that limit which staff can see personal data, and monitoring for suspicious activity. No system is completely secure, so please use a strong, unique password and tell us at support@crease.example if you think your account has been compromised.',
        },
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Some of our service providers, including our CDN, may process data outside the country where you live, for example to deliver streams from servers close to you. When we transfer personal data outside the UK or European Economic Area, we make sure it is protected by an adequacy decision, approved standard contractual clauses or another safeguard recognised by law. You can ask us for more information about these safeguards.',
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Depending on where you live, you have some or all of the following rights over your personal data:',
        },
        {
          kind: 'list',
          items: [
            'Access: ask for a copy of the personal data we hold about you. You can download your data yourself: "Download my data" on your Account page emails you a link to a copy of your profile, plan, payments, devices, follows, reminders and the mail we sent you, once a day.',
            'Correction: ask us to correct data that is inaccurate or incomplete. You can change your region and viewing preferences in your account at any time. You can change the email address of your account in the Email section of your Account page: we need your current password, we send a confirmation link to the new address, and the change happens only when you open it. We then tell the old address that the email was changed, and send receipts, sign-in notices and match reminders to the new one.',
            'Deletion: delete your account yourself on your Account page, or ask us to. We then keep only what the law requires, such as payment records, as described above.',
            'Portability: ask for the data you gave us in a structured, commonly used, machine-readable format. The download from your Account page is such a file (JSON).',
            'Objection: object to processing based on our legitimate interests, and to direct marketing at any time.',
            'Restriction: ask us to limit how we use your data while a concern is looked into.',
            'Withdrawing consent: where we rely on consent, withdraw it at any time.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'To exercise any of these rights, email privacy@crease.example from the address linked to your account. We may need to verify your identity, and we will respond within one month. You also have the right to complain to your local data protection authority, though we would appreciate the chance to address your concern first.',
        },
      ],
    },
    {
      id: 'grievance-officer',
      heading: 'Grievance Officer and response times',
      blocks: [
        {
          kind: 'paragraph',
          text: "If you have a complaint about how we handle your personal data, or you think we have not answered a request about your rights, write to our Grievance Officer, Priya Raman, Grievance Officer, Crease Streaming Ltd, at grievance@crease.example. The Grievance Officer is named here as India's Digital Personal Data Protection Rules 2025 and Consumer Protection (E-Commerce) Rules 2020 ask, and handles grievances from every country we serve.",
        },
        {
          kind: 'list',
          items: [
            'We acknowledge every grievance within 48 hours of receiving it.',
            'We resolve a grievance within 30 days of receiving it, and tell you the outcome and the reasons for it.',
            'We answer a request to access, correct or delete your data within one month; if a request is complex we may extend this by up to two more months and tell you why within the first month.',
            'If we learn of a personal data breach that affects you, we tell you without undue delay, in plain words: what happened, what data was affected, what we have done and what you can do. We notify the data protection authority within 72 hours of becoming aware of it.',
          ],
        },
        {
          kind: 'paragraph',
          text: "If you are not satisfied with our answer, you can complain to the Data Protection Board of India, the UK Information Commissioner's Office or the data protection authority where you live.",
        },
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Accounts may only be opened by adults aged 18 or over. Younger viewers may watch only under an account managed by a parent or guardian. We do not knowingly collect personal data directly from children. If you believe a child has created an account or given us personal data, please contact privacy@crease.example and we will delete it.',
        },
      ],
    },
    {
      id: 'contact-and-changes',
      heading: 'Contact, data protection officer and changes',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you have questions about this policy or how we handle your data, you can contact our data protection officer at privacy@crease.example. For other questions, contact support@crease.example.',
        },
        {
          kind: 'paragraph',
          text: 'We may update this policy from time to time. We will change the date at the top of the page when we do, and if the changes are significant we will tell you by email or in the service before they take effect.',
        },
      ],
    },
  ],
};
