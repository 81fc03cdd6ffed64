import type { PolicyDocument } from './policy-document';

export const refundPolicy: PolicyDocument = {
  id: 'refund-policy',
  title: 'Refund Policy',
  lastUpdated: '2026-11-01',
  summary:
    'This policy explains how free trials, cancellations and refunds work for Crease subscriptions, when you can get your money back and how to ask for it.',
  sections: [
    {
      id: 'overview',
      heading: 'Overview',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Crease is operated by Crease Streaming Ltd ("Crease", "we", "us" or "our"). This Refund Policy forms part of our Terms of Service and applies to all subscription plans purchased directly from us on the Crease website.',
        },
        {
          kind: 'paragraph',
          text: "If you subscribed through a third party, such as an app store or a partner offer, that third party's refund rules apply and you will need to ask them for a refund.",
        },
      ],
    },
    {
      id: 'free-trials',
      heading: 'Free trials',
      blocks: [
        {
          kind: 'list',
          items: [
            'You will not be charged during a free trial.',
            'We will show the date your trial ends in your account settings and, where possible, send you a reminder email before it ends.',
            'If you do not want to continue, cancel before the trial ends and you will not be charged.',
            'If you do not cancel, your paid subscription starts automatically at the end of the trial and you will be charged the plan price shown when you signed up.',
            'If you forget to cancel and contact us within 14 days of the first charge without having streamed any content after the trial ended, we will refund that first charge in full.',
          ],
        },
      ],
    },
    {
      id: 'cancelling',
      heading: 'Cancelling your subscription',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You can cancel at any time in your account settings or by emailing support@crease.example. Cancelling stops your subscription from renewing. You will keep access until the end of the billing period you have already paid for, and you will not be charged again.',
        },
        {
          kind: 'paragraph',
          text: 'Cancelling on its own does not trigger a refund for the current billing period. If you think you are entitled to a refund, please request one as described below.',
        },
      ],
    },
    {
      id: 'refund-eligibility',
      heading: 'When you can get a refund',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We will give you a full or partial refund in the following situations:',
        },
        {
          kind: 'list',
          items: [
            'New subscriptions and renewals: if you ask within 14 days of being charged and you have not streamed any content during that billing period, we will refund the charge in full.',
            'Duplicate or incorrect charges: if you were charged more than once for the same period, or charged an amount different from the price you agreed to, we will refund the extra amount.',
            'Technical failure of a paid event stream: if a live stream that your plan includes fails because of a problem on our side and you cannot watch a large part of the match (for example, more than half of the scheduled playing time), we will offer you a refund or account credit proportionate to the affected event.',
            'Service withdrawn: if we stop offering the service or your plan before the end of a period you have paid for, we will refund the unused part.',
            'Unauthorised charges: if a charge was made without your permission, for example because your account was compromised, we will investigate and refund it where appropriate.',
          ],
        },
      ],
    },
    {
      id: 'non-refundable',
      heading: 'When refunds are not available',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Except where the law requires otherwise or as set out above, we do not give refunds for:',
        },
        {
          kind: 'list',
          items: [
            'partly used billing periods after the 14-day window, or where you have streamed content during the period;',
            'matches that are delayed, shortened, interrupted or abandoned because of rain, bad light or other weather, or decisions of match officials or organisers;',
            'changes to fixtures, schedules or start times set by organisers or broadcasters;',
            'events that are unavailable in your region because of broadcast rights, blackouts or regional restrictions, which are shown on the event page;',
            'problems caused by your own internet connection, device, network or software, including use of a VPN or proxy;',
            'being unable to add a device or start a stream because you have reached the limits of your plan; or',
            'accounts suspended or terminated because of a breach of our Terms of Service or Acceptable Use Policy.',
          ],
        },
      ],
    },
    {
      id: 'how-to-request',
      heading: 'How to request a refund',
      blocks: [
        {
          kind: 'paragraph',
          text: 'To request a refund, email support@crease.example from the email address linked to your account and include:',
        },
        {
          kind: 'list',
          items: [
            'the date and amount of the charge;',
            'the reason for your request; and',
            'for a failed event stream, the name of the event, the approximate times you were affected and any error message you saw.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We will review your request and reply within 5 business days. We may check our service records, such as viewing and playback error data, to confirm what happened.',
        },
      ],
    },
    {
      id: 'processing-times',
      heading: 'How refunds are paid',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Approved refunds are paid back to the original payment method through our payment provider. We usually issue them within 5 business days of approval, but it can take a further 5 to 10 business days for the money to appear in your account, depending on your bank or card issuer. Where we offer account credit instead, it will be applied to your next billing period and shown in your account settings.',
        },
      ],
    },
    {
      id: 'chargebacks',
      heading: 'Chargebacks',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you have a problem with a charge, please contact us first so we can try to resolve it quickly. If you start a chargeback or payment dispute with your bank, we may suspend your account while the dispute is open. If the dispute is decided in your favour, your subscription will be cancelled. If it is decided in our favour, we may restore access once any amount owed has been paid.',
        },
      ],
    },
    {
      id: 'statutory-rights',
      heading: 'Your statutory rights',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Nothing in this policy affects your statutory rights as a consumer. Where the law where you live gives you rights that go further than this policy, for example a right to cancel a digital service within a set period or a right to a remedy if the service is not as described, those rights apply in addition to this policy.',
        },
        {
          kind: 'paragraph',
          text: 'If you have any questions about this policy, please contact support@crease.example. For legal notices, contact legal@crease.example.',
        },
      ],
    },
  ],
};
