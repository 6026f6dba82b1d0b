"""The held-out dialogue sets (bench/data/README.md): their files and scenarios, for check_freeform.py.

Each set was written by an author who had not read core/, in domains the free-form set and the
sets before it do not cover.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent

# The held-out set: written without reading core/, in domains the free-form set does not cover.
HELDOUT_FILES = (HERE / "heldout_dialogues_en.jsonl", HERE / "heldout_dialogues_zh.jsonl")
HELDOUT_SCENARIOS = (
    "car_rental",
    "car_repair",
    "home_renovation",
    "tutoring",
    "pet_vet",
    "gym",
    "event_planning",
    "banking",
    "hotel_loyalty",
    "apartment_rental",
    "tax_filing",
    "airline_rebooking",
    "it_helpdesk",
    "grocery",
)
# Held-out set 2: written blind (no core/, no other set's conversations), in domains neither set covers.
HELDOUT2_FILES = (HERE / "heldout2_dialogues_en.jsonl", HERE / "heldout2_dialogues_zh.jsonl")
HELDOUT2_SCENARIOS = (
    "train_tickets",
    "event_tickets",
    "furniture_delivery",
    "moving_company",
    "visa_application",
    "job_interview",
    "school_enrolment",
    "phone_plan",
    "utility_bills",
    "photography_booking",
    "library_books",
    "volunteer_shifts",
    "cloud_devops",
    "data_analysis",
    "group_dining",
    "salon_spa",
)
# Held-out set 3: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors), in domains none of the other sets covers.
HELDOUT3_FILES = (HERE / "heldout3_dialogues_en.jsonl", HERE / "heldout3_dialogues_zh.jsonl")
HELDOUT3_SCENARIOS = (
    "pharmacy_refill",
    "wedding_planning",
    "home_cleaning",
    "plumbing_electrician",
    "car_purchase_loan",
    "mortgage",
    "childcare_kindergarten",
    "elderly_care",
    "legal_consultation",
    "language_course",
    "ecommerce_return",
    "appliance_repair",
    "coworking_booking",
    "conference_registration",
    "catering_order",
    "hiking_trip",
)
# Held-out set 4: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors), in domains none of the other sets covers.
HELDOUT4_FILES = (HERE / "heldout4_dialogues_en.jsonl", HERE / "heldout4_dialogues_zh.jsonl")
HELDOUT4_SCENARIOS = (
    "florist_order",
    "print_shop",
    "boat_charter",
    "ski_rental",
    "music_lessons",
    "tailoring_alterations",
    "solar_install",
    "pest_control",
    "parking_permit",
    "storage_unit",
    "custom_cake",
    "translation_service",
    "home_security",
    "subscription_cancel",
    "city_tour_guide",
    "recruitment_hiring",
)
# Held-out set 5: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers.
HELDOUT5_FILES = (HERE / "heldout5_dialogues_en.jsonl", HERE / "heldout5_dialogues_zh.jsonl")
HELDOUT5_SCENARIOS = (
    "optician_glasses",
    "bicycle_repair",
    "pet_grooming_boarding",
    "locksmith",
    "roofing_repair",
    "scuba_course",
    "dry_cleaning",
    "piano_tuning",
    "campsite_booking",
    "car_insurance_claim",
    "window_blinds",
    "driving_lessons",
    "water_delivery",
    "landscaping",
    "tattoo_studio",
    "museum_group_visit",
)
# Held-out set 6: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT6_FILES = (HERE / "heldout6_dialogues_en.jsonl", HERE / "heldout6_dialogues_zh.jsonl")
HELDOUT6_SCENARIOS = (
    "furniture_assembly",
    "car_detailing",
    "babysitting",
    "personal_trainer",
    "home_exchange",
    "yoga_retreat",
    "coffee_subscription",
    "phone_repair",
    "wine_delivery",
    "event_photobooth",
    "kayak_rental",
    "carpet_cleaning",
    "chimney_sweep",
    "pool_maintenance",
    "pottery_class",
    "laptop_rental",
)
# Held-out set 7: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT7_FILES = (HERE / "heldout7_dialogues_en.jsonl", HERE / "heldout7_dialogues_zh.jsonl")
HELDOUT7_SCENARIOS = (
    "bridal_dress_fitting",
    "drone_survey",
    "hearing_aid",
    "horse_riding_lessons",
    "medical_equipment_rental",
    "shipping_container",
    "tree_surgeon",
    "vending_machine_service",
    "orthodontist",
    "funeral_services",
    "aquarium_setup",
    "ev_charger_install",
    "costume_rental",
    "film_equipment_rental",
    "bakery_wholesale",
    "septic_tank_service",
)
# Held-out set 8: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Spent in stop 33: in `make bench`.
HELDOUT8_FILES = (HERE / "heldout8_dialogues_en.jsonl", HERE / "heldout8_dialogues_zh.jsonl")
HELDOUT8_SCENARIOS = (
    "elevator_maintenance",
    "tennis_court_booking",
    "school_bus_route",
    "watch_repair",
    "scaffolding_hire",
    "allotment_garden",
    "running_race_entry",
    "document_shredding",
    "recycling_collection",
    "choir_rehearsal",
    "confinement_centre",
    "antique_appraisal",
    "karaoke_booking",
    "office_supplies",
    "calligraphy_class",
    "vehicle_inspection",
)
# Held-out set 9: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT9_FILES = (HERE / "heldout9_dialogues_en.jsonl", HERE / "heldout9_dialogues_zh.jsonl")
HELDOUT9_SCENARIOS = (
    "blood_donation",
    "bike_share_subscription",
    "glass_repair",
    "cruise_booking",
    "bowling_lanes",
    "farm_produce_box",
    "sign_language_interpreter",
    "lab_test_booking",
    "student_housing",
    "escape_room",
    "charter_bus",
    "music_exam_entry",
    "kitchen_fitting",
    "physiotherapy",
    "dog_training",
    "swimming_lessons",
)
# Held-out set 10: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT10_FILES = (HERE / "heldout10_dialogues_en.jsonl", HERE / "heldout10_dialogues_zh.jsonl")
HELDOUT10_SCENARIOS = (
    "shoe_repair",
    "gutter_cleaning",
    "snow_plowing",
    "firewood_delivery",
    "picture_framing",
    "golf_tee_time",
    "upholstery_repair",
    "guitar_repair",
    "notary_service",
    "designated_driver",
    "broadband_install",
    "home_inspection",
    "air_quality_testing",
    "party_entertainer",
    "floor_sanding",
    "id_photo_studio",
)
# Held-out set 11: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT11_FILES = (HERE / "heldout11_dialogues_en.jsonl", HERE / "heldout11_dialogues_zh.jsonl")
HELDOUT11_SCENARIOS = (
    "hot_air_balloon_ride",
    "roadside_assistance",
    "recording_studio",
    "pet_adoption",
    "go_kart_track",
    "trade_show_booth",
    "summer_camp",
    "media_digitization",
    "seal_engraving",
    "errand_runner",
    "archery_range",
    "cinema_private_hire",
    "airport_lounge",
    "currency_exchange",
    "ice_skating",
    "gift_hamper_order",
)

# Held-out set 12: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT12_FILES = (HERE / "heldout12_dialogues_en.jsonl", HERE / "heldout12_dialogues_zh.jsonl")
HELDOUT12_SCENARIOS = (
    "garage_door_repair",
    "cooking_class",
    "dance_lessons",
    "knife_sharpening",
    "trampoline_park",
    "paintball_game",
    "holiday_lights_install",
    "pc_build",
    "martial_arts_class",
    "racket_restringing",
    "fruit_picking",
    "home_organizer",
    "gold_jewelry_custom",
    "aircon_cleaning",
    "surf_lesson",
    "first_aid_course",
)

# Held-out set 13: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT13_FILES = (HERE / "heldout13_dialogues_en.jsonl", HERE / "heldout13_dialogues_zh.jsonl")
HELDOUT13_SCENARIOS = (
    "vineyard_tour",
    "board_game_cafe",
    "well_drilling",
    "genealogy_research",
    "pet_relocation",
    "private_jet_charter",
    "car_ferry_booking",
    "billboard_advertising",
    "wig_fitting",
    "company_registration",
    "generator_rental",
    "perfume_workshop",
    "logo_design",
    "stairlift_install",
    "patient_transport",
    "tile_grout_sealing",
)

# Held-out set 14: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT14_FILES = (HERE / "heldout14_dialogues_en.jsonl", HERE / "heldout14_dialogues_zh.jsonl")
HELDOUT14_SCENARIOS = (
    "christmas_tree_delivery",
    "marina_berth",
    "team_kit_order",
    "beekeeping_course",
    "mural_commission",
    "fence_installation",
    "instrument_rental",
    "speech_therapy",
    "junk_removal",
    "fireworks_display",
    "bookbinding_restoration",
    "stargazing_tour",
    "private_chef",
    "baby_gear_rental",
    "paragliding_flight",
    "ice_sculpture",
)

# Held-out set 15: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT15_FILES = (HERE / "heldout15_dialogues_en.jsonl", HERE / "heldout15_dialogues_zh.jsonl")
HELDOUT15_SCENARIOS = (
    "farrier_visit",
    "marquee_hire",
    "lost_property",
    "climbing_gym",
    "data_recovery",
    "luggage_repair",
    "dietitian_consult",
    "podiatry",
    "wedding_car_hire",
    "car_scrapping",
    "fire_extinguisher_service",
    "plant_rental",
    "matchmaking_service",
    "house_painting",
    "water_purifier_service",
    "bottled_gas_delivery",
)

# Held-out set 16: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT16_FILES = (HERE / "heldout16_dialogues_en.jsonl", HERE / "heldout16_dialogues_zh.jsonl")
HELDOUT16_SCENARIOS = (
    "boiler_service",
    "window_cleaning",
    "portable_toilet_hire",
    "mail_redirection",
    "property_sale",
    "bouncy_castle_hire",
    "counselling_service",
    "laser_eye_surgery",
    "airport_transfer",
    "acupuncture_clinic",
    "package_tour",
    "domestic_helper_agency",
    "hospital_escort",
    "car_window_tint",
    "antenatal_class",
    "soundproofing",
)

# Held-out set 17: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT17_FILES = (HERE / "heldout17_dialogues_en.jsonl", HERE / "heldout17_dialogues_zh.jsonl")
HELDOUT17_SCENARIOS = (
    "dog_walking",
    "hot_tub_hire",
    "house_sitting",
    "driveway_paving",
    "damp_proofing",
    "event_security",
    "zoo_experience",
    "sailing_course",
    "makeup_artist",
    "balloon_decoration",
    "three_d_printing",
    "study_abroad_agency",
    "fitted_wardrobe",
    "used_car_sale",
    "lion_dance_troupe",
    "cord_blood_banking",
)

# Held-out set 18: written blind (no core/, no other set's conversations, no analysis of the engine's
# errors, no benchmark results), in domains none of the other sets covers. Not in `make bench`.
HELDOUT18_FILES = (HERE / "heldout18_dialogues_en.jsonl", HERE / "heldout18_dialogues_zh.jsonl")
HELDOUT18_SCENARIOS = (
    "pressure_washing",
    "traffic_fine_appeal",
    "cv_writing",
    "website_design",
    "garden_shed",
    "heating_oil_delivery",
    "smart_home_setup",
    "passport_renewal",
    "trademark_registration",
    "academic_editing",
    "video_editing",
    "phone_trade_in",
    "housing_fund_withdrawal",
    "toll_tag_application",
    "grave_tending",
    "sports_league_signup",
)

# the checker's option of each set -> its files and scenarios (check_freeform.py --heldoutN)
HELDOUT_SETS: dict[str, tuple[tuple[Path, ...], tuple[str, ...]]] = {
    "--heldout": (HELDOUT_FILES, HELDOUT_SCENARIOS),
    "--heldout2": (HELDOUT2_FILES, HELDOUT2_SCENARIOS),
    "--heldout3": (HELDOUT3_FILES, HELDOUT3_SCENARIOS),
    "--heldout4": (HELDOUT4_FILES, HELDOUT4_SCENARIOS),
    "--heldout5": (HELDOUT5_FILES, HELDOUT5_SCENARIOS),
    "--heldout6": (HELDOUT6_FILES, HELDOUT6_SCENARIOS),
    "--heldout7": (HELDOUT7_FILES, HELDOUT7_SCENARIOS),
    "--heldout8": (HELDOUT8_FILES, HELDOUT8_SCENARIOS),
    "--heldout9": (HELDOUT9_FILES, HELDOUT9_SCENARIOS),
    "--heldout10": (HELDOUT10_FILES, HELDOUT10_SCENARIOS),
    "--heldout11": (HELDOUT11_FILES, HELDOUT11_SCENARIOS),
    "--heldout12": (HELDOUT12_FILES, HELDOUT12_SCENARIOS),
    "--heldout13": (HELDOUT13_FILES, HELDOUT13_SCENARIOS),
    "--heldout14": (HELDOUT14_FILES, HELDOUT14_SCENARIOS),
    "--heldout15": (HELDOUT15_FILES, HELDOUT15_SCENARIOS),
    "--heldout16": (HELDOUT16_FILES, HELDOUT16_SCENARIOS),
    "--heldout17": (HELDOUT17_FILES, HELDOUT17_SCENARIOS),
    "--heldout18": (HELDOUT18_FILES, HELDOUT18_SCENARIOS),
}
