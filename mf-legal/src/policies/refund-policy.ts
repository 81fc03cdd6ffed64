import type { PolicyDocument } from './policy-document';

export const refundPolicy: PolicyDocument = {
  id: 'refund-policy',
  title: 'Refund Policy',
  lastUpdated: '2026-11-29',
  summary:
    'This policy explains how the free trial, passes, subscriptions, cancellations and refunds work on Crease, when you can get your money back and how to ask for it.',
  sections: [
    {
      id: 'overview',
      heading: 'Overview',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Crease is operated by Crease Streaming Ltd ("Crease", "we", "us" or "our"). This Refund Policy forms part of our Terms of Service and applies to every plan bought directly from us on the Crease website: passes, which are paid once and never renew, and subscriptions, which renew until you cancel them.',
        },
        {
          kind: 'paragraph',
          text: "If you subscribed through a third party, such as an app store or a partner offer, that third party's refund rules apply and you will need to ask them for a refund.",
        },
      ],
    },
    {
      id: 'free-trials',
      heading: 'The free trial',
      blocks: [
        {
          kind: 'list',
          items: [
            'The free trial lasts 7 days and includes up to 120 minutes of watching in total, at most 30 minutes a day.',
            'No card is needed and nothing is ever charged for the trial, so there is nothing to refund.',
            'The trial never turns into a paid plan. When it ends you stop being able to watch until you choose a plan, and there is nothing to cancel.',
          ],
        },
      ],
    },
    {
      id: 'passes',
      heading: 'Passes',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A pass (Match Pass, Season) is paid once, when you buy it, for its whole length. It never renews and is never charged again. There is nothing to cancel: it ends on the date shown on your account page.',
        },
      ],
    },
    {
      id: 'match-and-season-passes',
      heading: 'Match passes and season passes',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A match pass plays one match, live and its replay; a season pass plays every match of one league’s season. Each is paid once, never renews and has nothing to cancel.',
        },
        {
          kind: 'list',
          items: [
            'If the match of your match pass is cancelled, or abandoned before any play, we refund the pass in full when you ask.',
            'If the match is postponed, your match pass plays it on its new date; a postponement alone is not a reason for a refund.',
            'The 14-day rule below applies to passes too: a pass you have not used to watch anything can be refunded in full within 14 days of buying it.',
            'When a pass is refunded in full, it stops playing at once. A partial refund leaves it playing.',
          ],
        },
      ],
    },
    {
      id: 'cancelling',
      heading: 'Cancelling a subscription',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A subscription (Monthly, Annual) renews at the end of each period until you cancel it. You can cancel at any time on your account page or by emailing support@crease.example. Cancelling stops your subscription from renewing. You keep access until the end of the period you have already paid for, you will not be charged again, and until that date you can resume the subscription.',
        },
        {
          kind: 'paragraph',
          text: 'Cancelling on its own does not trigger a refund for the current period. If you think you are entitled to a refund, please request one as described below.',
        },
        {
          kind: 'paragraph',
          text: 'If a renewal charge fails, we try it again 1, 3 and 5 days later and you keep access in the meantime. If the last try fails, the subscription ends and nothing more is charged.',
        },
        {
          kind: 'paragraph',
          text: 'When you move to a more expensive subscription, the unused part of your current period is credited against the new price at once, so you do not pay twice for the same days. A move to a cheaper subscription takes effect at the end of your current period, so nothing is refunded for it.',
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
            'Passes, new subscriptions and renewals: if you ask within 14 days of being charged and you have not streamed any content with that pass or during that period, we will refund the charge in full.',
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
            'partly used passes or subscription periods after the 14-day window, or where you have streamed content with the pass or during the period;',
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
          text: 'Approved refunds are paid back to the original payment method through our payment provider. We usually issue them within 5 business days of approval, but it can take a further 5 to 10 business days for the money to appear in your account, depending on your bank or card issuer. Where we offer account credit instead, it will be applied to your next payment and shown on your account page.',
        },
        {
          kind: 'paragraph',
          text: 'Each refund is shown in your payment history and on the receipt of the payment it refunds. When the whole payment for your current pass or subscription period is refunded, that plan ends at once and a subscription refunded this way does not renew. A partial refund, or a refund of an earlier period, leaves your plan as it is.',
        },
      ],
    },
    {
      id: 'chargebacks',
      heading: 'Chargebacks',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you have a problem with a charge, please contact us first so we can try to resolve it quickly. If you start a chargeback or payment dispute with your bank, we may suspend your account while the dispute is open. If the dispute is decided in your favour, your plan will end and a subscription will not renew. If it is decided in our favour, we may restore access once any amount owed has been paid.',
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
